// Where a property's QR code leads (spec §2.15): pick one of six languages. Each choice is a plain
// link to the request page with ?lang=, which also remembers it in a cookie; with JavaScript the
// choice is stored in the browser as well.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ChevronRight } from 'lucide-react'
import { VendorHeader, VendorMain, VendorNotFound } from '~/areas/requests/components/vendor-header'
import { LANGUAGE_STORAGE_KEY, VENDOR_LANGUAGES } from '~/i18n/config'
import { vendorLocale, vendorT } from '~/i18n/i18next.server'
import { VendorI18nProvider, useVendorT } from '~/i18n/provider'
import { NotFound } from '~/lib/errors'
import { countScanOncePerVisit } from '~/areas/requests/vendor-cart.server'
import { findStorefront } from '~/areas/catalogue/storefront.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { lang, messages } = await vendorLocale(request)
  const t = await vendorT(lang)
  let property
  try {
    property = await findStorefront(params.propertyId!)
  } catch (err) {
    if (!(err instanceof NotFound)) throw err
    return json({ lang, messages, title: t('meta.notFound'), description: null, property: null }, { status: 404 })
  }
  const headers = new Headers()
  await countScanOncePerVisit(request, property.id, headers)
  return json({ lang, messages, title: t('meta.picker', { property: property.name }), description: t('meta.description', { property: property.name }), property }, { headers })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? 'Stockrun' },
  ...(data?.description ? [{ name: 'description', content: data.description }] : []),
]

/** Painted from one HTML answer on a slow phone, enhanced without React (decision 040). */
export const handle = { hydrate: false, toastInFlow: true }

export default function VendorLanguagePicker() {
  const data = useLoaderData<typeof loader>()
  return (
    <VendorI18nProvider lang={data.lang} messages={data.messages}>
      {data.property ? <Picker property={data.property} lang={data.lang} /> : <PickerNotFound />}
    </VendorI18nProvider>
  )
}

function PickerNotFound() {
  const t = useVendorT()
  return <VendorNotFound title={t('notFound.title')} message={t('notFound.message')} />
}

function Picker({ property, lang }: { property: { id: string; name: string; address: string }; lang: (typeof VENDOR_LANGUAGES)[number]['code'] }) {
  const t = useVendorT()
  return (
    <div className="min-h-full bg-slate-50">
      <VendorHeader property={property} lang={lang} />
      <VendorMain>
        <h2 className="text-2xl font-semibold text-slate-900">{t('picker.title')}</h2>
        <p className="mt-1 text-slate-600">{t('picker.intro', { property: property.name })}</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {VENDOR_LANGUAGES.map((language) => (
            <li key={language.code}>
              <Link
                to={`/vendor/${property.id}/request?lang=${language.code}`}
                lang={language.code}
                hrefLang={language.code}
                onClick={() => {
                  try {
                    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language.code)
                  } catch {
                    // Private browsing can refuse storage; the cookie still remembers the choice.
                  }
                }}
                className="flex min-h-14 items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-lg font-medium text-slate-900 shadow-sm hover:border-brand-500 hover:bg-brand-50"
              >
                <span className="text-2xl" aria-hidden="true">
                  {language.flag}
                </span>
                <span className="flex-1">{language.nativeName}</span>
                <ChevronRight className="h-5 w-5 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </VendorMain>
    </div>
  )
}
