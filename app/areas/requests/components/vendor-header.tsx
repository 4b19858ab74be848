// The frame of every vendor page: the property's name and address, and the way back to the
// language picker. Phones first: one column, large tap targets, nothing that needs JavaScript.
import { Link } from '@remix-run/react'
import { Globe, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { VENDOR_LANGUAGES, type VendorLanguage } from '~/i18n/config'
import { useVendorT } from '~/i18n/provider'

export function VendorHeader({
  property,
  lang,
  pickerHref,
}: {
  property: { name: string; address: string }
  lang: VendorLanguage
  pickerHref?: string
}) {
  const t = useVendorT()
  const current = VENDOR_LANGUAGES.find((l) => l.code === lang)
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-3xl items-start justify-between gap-3 px-4 py-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{t('request.eyebrow')}</p>
          <h1 className="mt-0.5 break-words text-xl font-semibold text-slate-900">{property.name}</h1>
          <p className="mt-1 flex items-start gap-1 text-sm text-slate-600">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{property.address}</span>
          </p>
        </div>
        {pickerHref ? (
          <Link
            to={pickerHref}
            className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <Globe className="h-4 w-4" aria-hidden="true" />
            <span>{current?.nativeName}</span>
            <span className="sr-only">{t('request.changeLanguage')}</span>
          </Link>
        ) : null}
      </div>
    </header>
  )
}

export function VendorMain({ children, className }: { children: ReactNode; className?: string }) {
  return <main className={`mx-auto max-w-3xl px-4 py-5 ${className ?? ''}`}>{children}</main>
}

/** Unknown property, inactive property or a dead tracking link: said in the vendor's language. */
export function VendorNotFound({ title, message }: { title: string; message: string }) {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="max-w-md text-center">
        <p className="text-5xl font-bold text-slate-500" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
      </div>
    </main>
  )
}
