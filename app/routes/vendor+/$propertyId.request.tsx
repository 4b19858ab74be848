// The vendor's request page (spec §2.16): the property's products, a cart kept in a cookie, the
// finalize step (?step=finalize) and the success screen (?step=sent). Every button is a form post
// that works without JavaScript; the submission itself goes to ./request/submit.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { CartBar, cartCount, useOptimisticCart } from '~/areas/requests/components/vendor-cart'
import { VendorFinalizeDialog } from '~/areas/requests/components/vendor-finalize-dialog'
import { VendorHeader, VendorMain, VendorNotFound } from '~/areas/requests/components/vendor-header'
import { VendorProductList } from '~/areas/requests/components/vendor-product-list'
import { VendorSuccess } from '~/areas/requests/components/vendor-success'
import { LANGUAGE_STORAGE_KEY, VENDOR_LANGUAGE_CODES, isVendorLanguage, type VendorLanguage } from '~/i18n/config'
import { rememberLanguageHeader, vendorLanguage, vendorLocale, vendorT } from '~/i18n/i18next.server'
import { VendorI18nProvider, useVendorT } from '~/i18n/provider'
import { NotFound } from '~/lib/errors'
import { redirectWithToast } from '~/lib/toast.server'
import { changeCart, countScanOncePerVisit, keepOffered, readCart, saveCart, type CartChange } from '~/areas/requests/vendor-cart.server'
import { VENDOR_MAX_QUANTITY } from '~/areas/requests/request-intake.server'
import { inLanguage } from '~/areas/catalogue/product-translation.server'
import { findStorefront, findStorefrontOwner, listStorefrontProducts, type Storefront } from '~/areas/catalogue/storefront.server'
import { getManager } from '~/areas/people/auth.server'
import { handoverCodeFor, handoverRequiredAt } from '~/areas/requests/handover.server'
import { storefrontRequestFields } from '~/areas/requests/request-fields.server'
import { labelIn } from '~/areas/requests/request-fields.schema'
import type { VendorRequestField } from '~/areas/requests/components/vendor-request-details'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['anonymous'], methods: ['GET', 'HEAD', 'POST'], intents: ['add', 'increase', 'decrease', 'remove'] }

function requestPath(propertyId: string, lang: VendorLanguage, step?: 'finalize' | 'sent') {
  return `/vendor/${propertyId}/request?lang=${lang}${step ? `&step=${step}` : ''}`
}

async function storefrontOrNull(propertyId: string): Promise<Storefront | null> {
  try {
    return await findStorefront(propertyId)
  } catch (err) {
    if (err instanceof NotFound) return null
    throw err
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { lang, messages } = await vendorLocale(request)
  const t = await vendorT(lang)
  const headers = new Headers()
  const remember = await rememberLanguageHeader(request, lang)
  if (remember) headers.append('Set-Cookie', remember)

  const property = await storefrontOrNull(params.propertyId!)
  if (!property) {
    return json({ lang, messages, title: t('meta.notFound'), description: null, found: false as const }, { status: 404, headers })
  }
  const products = inLanguage(await listStorefrontProducts(property.id), lang) // issue 15: translated catalogs
  const cart = keepOffered(await readCart(request, property.id), new Set(products.map((p) => p.id)))
  await countScanOncePerVisit(request, property.id, headers)

  const url = new URL(request.url)
  const step = url.searchParams.get('step')
  const fillHref = products.length === 0 ? await fillStorefrontHref(request, property.id) : null
  // The property's questions, in the vendor's language (English where a label is missing), asked on the finalize step only.
  const fields: VendorRequestField[] =
    step === 'finalize'
      ? (await storefrontRequestFields(property.id)).map((f) => ({
          key: f.key,
          type: f.type,
          required: f.required,
          label: labelIn(f.labels, lang),
          options: f.options?.map((o) => ({ value: o.value, label: labelIn(o.labels, lang) })),
        }))
      : []
  return json(
    {
      lang,
      messages,
      title: t('meta.request', { property: property.name }),
      description: t('meta.description', { property: property.name }),
      found: true as const,
      property,
      products,
      lines: cart.lines,
      maxQuantity: VENDOR_MAX_QUANTITY,
      step: step === 'finalize' ? ('finalize' as const) : step === 'sent' && cart.sent ? ('sent' as const) : null,
      sent: step === 'sent' && cart.sent ? { ...cart.sent, handoverCode: handoverCodeFor(cart.sent.trackingToken), handoverRequired: await handoverRequiredAt(property.id) } : null,
      nameError: url.searchParams.get('error') === 'name',
      fields,
      draft: step === 'finalize' ? (cart.draft ?? null) : null,
      langInUrl: url.searchParams.has('lang'),
      fillHref,
    },
    { headers },
  )
}

/**
 * Where a manager of this property fills its empty storefront (its editor, whose checklist links to
 * Products when the catalogue is empty too); null for everyone else, vendors included.
 */
async function fillStorefrontHref(request: Request, propertyId: string) {
  if (!request.headers.get('Cookie')?.includes('__stockrun_session')) return null
  const [manager, { organisationId }] = await Promise.all([getManager(request), findStorefrontOwner(propertyId)])
  return manager?.orgId === organisationId ? `/properties?edit=${encodeURIComponent(propertyId)}` : null
}

/** Cart buttons: add, one more, one less, remove. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData()
  const asked = form.get('lang')
  const lang = isVendorLanguage(asked) ? asked : await vendorLanguage(request)
  const property = await storefrontOrNull(params.propertyId!)
  if (!property) return redirect(requestPath(params.propertyId!, lang))

  const intent = String(form.get('intent') ?? '')
  const productId = String(form.get('productId') ?? '')
  const back = form.get('back') === 'finalize' ? ('finalize' as const) : undefined
  const products = await listStorefrontProducts(property.id)
  const offered = new Set(products.map((p) => p.id))
  const current = keepOffered(await readCart(request, property.id), offered)
  const t = await vendorT(lang)
  const headers = new Headers()

  let toast: { title: string; description: string } | null = null
  if (!['add', 'increase', 'decrease', 'remove'].includes(intent)) {
    toast = { title: t('errors.failedTitle'), description: t('errors.failed') }
  } else if (!offered.has(productId) && (intent === 'add' || intent === 'increase')) {
    toast = { title: t('errors.unavailableTitle'), description: t('errors.unavailable') }
  } else {
    const { cart, full } = changeCart(current, intent as CartChange, productId)
    headers.append('Set-Cookie', await saveCart(cart))
    if (full) toast = { title: t('cart.full'), description: '' }
  }

  // With JavaScript the page stays where it is and its loader refreshes the cart.
  if (form.get('enhanced') === '1') return json({ toast }, { headers })
  const to = requestPath(property.id, lang, back)
  // A refusal opens the page at its top, where the message is (in the page, not over its buttons).
  if (toast) return redirectWithToast(to, { ...toast, description: toast.description || undefined, variant: 'error' }, { headers })
  return redirect(`${to}${back ? '' : `#product-${productId}`}`, { headers })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? 'Stockrun' },
  ...(data?.description ? [{ name: 'description', content: data.description }] : []),
]

/**
 * Painted from one HTML answer on a slow phone, enhanced without React (decision 040); the photo
 * resizer rides in the same script on every step, as the enhancer swaps the finalize step in
 * without running a script of its own (decision 082).
 */
export const handle = { hydrate: false, photos: true, toastInFlow: true }

export default function VendorRequestRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <VendorI18nProvider lang={data.lang} messages={data.messages}>
      {data.found ? <RequestPage data={data} /> : <NotFoundPage />}
    </VendorI18nProvider>
  )
}

function NotFoundPage() {
  const t = useVendorT()
  return <VendorNotFound title={t('notFound.title')} message={t('notFound.message')} />
}

type FoundData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { found: true }>

const reportedScans = new Set<string>()

function RequestPage({ data }: { data: FoundData }) {
  const t = useVendorT()
  const { property, lang } = data
  const { lines, busy } = useOptimisticCart(data.lines, data.maxQuantity)
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const cartAction = `/vendor/${property.id}/request`
  const pagePath = requestPath(property.id, lang)

  useEffect(() => {
    // Spec §2.16: once per page load; the server decides whether it starts a new visit. Errors do not matter.
    if (reportedScans.has(property.id)) return
    reportedScans.add(property.id)
    fetch(`/api/vendor/qr/${property.id}/scan`, { method: 'POST', credentials: 'same-origin' }).catch(() => {})
  }, [property.id])

  useEffect(() => {
    // Spec §2.16: without ?lang the browser's stored choice wins over the default.
    if (data.langInUrl) return
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
    if (isVendorLanguage(stored) && stored !== lang) {
      const next = new URLSearchParams(searchParams)
      next.set('lang', stored)
      navigate(`?${next}`, { replace: true, preventScrollReset: true })
    }
  }, [data.langInUrl, lang, navigate, searchParams])

  const header = <VendorHeader property={property} lang={lang} pickerHref={`/vendor/${property.id}`} />
  let step: ReactNode
  if (data.step === 'finalize') {
    // The dialog over the header alone, not over the catalog: a slow phone lays out an eighth of the
    // elements (decision 146). It comes first, so a keyboard and a screen reader meet it first (decision 144).
    step = (
      <>
        <VendorFinalizeDialog
          lines={lines}
          products={data.products}
          max={data.maxQuantity}
          lang={lang}
          cartAction={cartAction}
          submitAction={`/vendor/${property.id}/request/submit`}
          closeTo={pagePath}
          nameError={data.nameError}
          busy={busy}
          fields={data.fields}
          draft={data.draft}
        />
        {header}
      </>
    )
  } else if (data.step === 'sent' && data.sent) {
    step = (
      <>
        {header}
        <VendorMain>
          <VendorSuccess
            orderNumber={data.sent.orderNumber}
            vendorName={data.sent.vendorName}
            trackHref={`/track/${data.sent.trackingToken}`}
            handoverCode={data.sent.handoverCode}
            handoverRequired={data.sent.handoverRequired}
            againHref={pagePath}
          />
        </VendorMain>
      </>
    )
  } else {
    step = (
      <>
        {header}
        <VendorMain className="pb-28">
          <h2 className="text-lg font-semibold text-slate-900">{t('request.productsHeading')}</h2>
          <p className="mb-4 mt-1 text-sm text-slate-600">{t('request.productsIntro', { max: data.maxQuantity })}</p>
          <VendorProductList products={data.products} lines={lines} max={data.maxQuantity} lang={lang} cartAction={cartAction} busy={busy} fillHref={data.fillHref} />
        </VendorMain>
        <CartBar count={cartCount(lines)} reviewHref={requestPath(property.id, lang, 'finalize')} />
      </>
    )
  }
  return (
    <div
      className="min-h-full bg-slate-50"
      data-enhance
      data-lang-in-url={String(data.langInUrl)}
      data-languages={VENDOR_LANGUAGE_CODES.join(' ')}
      data-scan-url={`/api/vendor/qr/${property.id}/scan`}
    >
      {step}
    </div>
  )
}
