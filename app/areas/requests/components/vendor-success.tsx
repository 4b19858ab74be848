// After sending: the order number to quote, a link to follow the request, and a fresh start.
import { Link } from '@remix-run/react'
import { CheckCircle2, PackageSearch } from 'lucide-react'
import { useVendorT } from '~/i18n/provider'
import { HandoverCodeBox } from './handover-code-box'
import { buttonClasses } from '~/ui/button'

export function VendorSuccess({
  orderNumber,
  vendorName,
  trackHref,
  againHref,
  handoverCode,
  handoverRequired = false,
}: {
  orderNumber: string
  vendorName: string
  trackHref: string
  againHref: string
  handoverCode?: string | null
  /** With the organisation's setting off the code is optional: the vendor shows it if asked. */
  handoverRequired?: boolean
}) {
  const t = useVendorT()
  return (
    <section aria-labelledby="success-title" className="rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
      <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
      <h2 id="success-title" className="mt-3 text-2xl font-semibold text-slate-900">
        {t('success.title')}
      </h2>
      <p className="mt-2 text-slate-600">{t('success.message', { name: vendorName })}</p>
      <dl className="mt-5">
        <dt className="text-sm text-slate-600">{t('success.orderNumber')}</dt>
        <dd className="mt-1 font-mono text-3xl font-bold tracking-wide text-slate-900" data-testid="order-number">
          {orderNumber}
        </dd>
      </dl>
      {handoverCode ? <HandoverCodeBox code={handoverCode} label={t('success.handoverCode')} hint={t(handoverRequired ? 'success.handoverHint' : 'success.handoverHintOptional')} /> : null}
      <div className="mt-6 flex flex-col gap-3">
        <a href={trackHref} className={buttonClasses('secondary', 'md')}>
          <PackageSearch className="h-4 w-4" aria-hidden="true" />
          {t('success.track')}
        </a>
        <p className="text-xs text-slate-600">{t('success.trackHint')}</p>
        <Link to={againHref} className={buttonClasses('primary', 'md')}>
          {t('success.again')}
        </Link>
      </div>
    </section>
  )
}
