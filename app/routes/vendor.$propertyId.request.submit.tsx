// Sends the vendor's cart as a request. Its own path so the submission rate limit can count
// submissions apart from cart presses. Always answers with a redirect: the success screen, or the
// finalize step with a toast in the vendor's language saying what is missing.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { HONEYPOT_FIELD } from '~/components/vendor-finalize-dialog'
import { isVendorLanguage, type VendorLanguage } from '~/i18n/config'
import { vendorLanguage, vendorT } from '~/i18n/i18next.server'
import { Invalid, NotFound } from '~/lib/errors'
import { redirectWithToast } from '~/lib/toast.server'
import { keepOffered, readCart, saveCart } from '~/models/vendor-cart.server'
import { createRequest } from '~/models/request-intake.server'
import { findStorefrontOwner, listStorefrontProducts } from '~/models/storefront.server'

function page(propertyId: string, lang: VendorLanguage, extra = '') {
  return `/vendor/${propertyId}/request?lang=${lang}${extra}`
}

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/vendor/${params.propertyId}/request`)
}

/** Which localised message a refusal from the model deserves; the cart is checked before the name. */
function refusalOf(err: Invalid) {
  const fields = Object.keys(err.fieldErrors)
  if (fields.includes('requestedProducts')) return 'emptyCart' as const
  if (fields.some((f) => f.startsWith('requestedProducts.'))) return 'unavailable' as const
  if (fields.includes('vendorName')) return 'missingInfo' as const
  return 'failed' as const
}

export async function action({ request, params }: ActionFunctionArgs) {
  const propertyId = params.propertyId!
  const form = await request.formData()
  const asked = form.get('lang')
  const lang = isVendorLanguage(asked) ? asked : await vendorLanguage(request)

  // Spam gets what looks like an ordinary page back, and nothing is stored.
  if (String(form.get(HONEYPOT_FIELD) ?? '') !== '') return redirect(page(propertyId, lang))

  let organisationId: string
  try {
    organisationId = (await findStorefrontOwner(propertyId)).organisationId
  } catch (err) {
    if (err instanceof NotFound) return redirect(page(propertyId, lang))
    throw err
  }

  const cart = await readCart(request, propertyId)
  const vendorName = String(form.get('vendorName') ?? '')
  try {
    const { request: created, trackingToken } = await createRequest(
      organisationId,
      { propertyId, vendorName, requestedProducts: cart.lines },
      { source: 'vendor', language: lang },
    )
    const sent = { orderNumber: created.orderNumber, trackingToken, vendorName: created.vendorName }
    return redirect(page(propertyId, lang, '&step=sent'), {
      headers: { 'Set-Cookie': await saveCart({ propertyId, lines: [], sent }) },
    })
  } catch (err) {
    if (err instanceof NotFound) return redirect(page(propertyId, lang))
    if (!(err instanceof Invalid)) throw err
    const t = await vendorT(lang)
    const refusal = refusalOf(err)
    const headers = new Headers()
    if (refusal === 'unavailable') {
      const offered = new Set((await listStorefrontProducts(propertyId)).map((p) => p.id))
      headers.append('Set-Cookie', await saveCart(keepOffered(cart, offered)))
    }
    const toast =
      refusal === 'emptyCart'
        ? { title: t('errors.emptyCartTitle'), description: t('errors.emptyCart') }
        : refusal === 'missingInfo'
          ? { title: t('errors.missingInfoTitle'), description: t('errors.missingInfo') }
          : refusal === 'unavailable'
            ? { title: t('errors.unavailableTitle'), description: t('errors.unavailable') }
            : { title: t('errors.failedTitle'), description: t('errors.failed') }
    const to = refusal === 'emptyCart' ? page(propertyId, lang) : page(propertyId, lang, `&step=finalize${refusal === 'missingInfo' ? '&error=name' : ''}`)
    return redirectWithToast(to, { ...toast, variant: 'error' }, { headers })
  }
}
