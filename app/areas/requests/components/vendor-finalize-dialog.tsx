// The last step: the cart once more, with its buttons, and the vendor's name. A real form posting
// to the submit route, so it works the same with and without JavaScript.
import { Form, useNavigation, useRouteLoaderData } from '@remix-run/react'
import type { VendorLanguage } from '~/i18n/config'
import { useVendorT } from '~/i18n/provider'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import type { ToastMessage } from '~/ui/toast'
import { CartCountAnnouncement, QuantityControls, cartCount, type CartLine } from './vendor-cart'
import type { VendorProduct } from './vendor-product-list'
import { VendorRequestDetails, useDraftError, type VendorDraft, type VendorRequestField } from './vendor-request-details'

/** Bots fill every field they find; people never see this one. */
export const HONEYPOT_FIELD = 'website'

export function VendorFinalizeDialog({
  lines,
  products,
  max,
  lang,
  cartAction,
  submitAction,
  closeTo,
  nameError,
  busy,
  fields,
  draft,
}: {
  lines: CartLine[]
  products: VendorProduct[]
  max: number
  lang: VendorLanguage
  cartAction: string
  submitAction: string
  closeTo: string
  nameError: boolean
  busy: boolean
  fields: VendorRequestField[]
  draft: VendorDraft | null
}) {
  const t = useVendorT()
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formAction === submitAction
  const names = new Map(products.map((p) => [p.id, p.name]))
  const errorOf = useDraftError(draft)
  // A refusal's message sits inside the dialog too: the page's own copy is under the dialog's backdrop.
  const refusal = useRouteLoaderData<{ toast: ToastMessage | null }>('root')?.toast
  return (
    <Dialog title={t('finalize.title')} description={t('finalize.description')} closeTo={closeTo}>
      {refusal?.variant === 'error' ? (
        <p className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="finalize-refusal">
          <strong>{refusal.title}</strong>
          {refusal.description ? ` ${refusal.description}` : null}
        </p>
      ) : null}
      <h3 className="sr-only">{t('cart.heading')}</h3>
      {/* The last line removed is said too: the dialog stays open on an empty cart. */}
      <CartCountAnnouncement count={cartCount(lines)} emptied={t('cart.empty')} />
      {lines.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">{t('cart.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {lines.map((line) => (
            <li key={line.productId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 flex-1 break-words text-sm font-medium text-slate-900">{names.get(line.productId)}</span>
              <QuantityControls
                action={cartAction}
                productId={line.productId}
                productName={names.get(line.productId) ?? ''}
                quantity={line.quantity}
                max={max}
                lang={lang}
                back="finalize"
                busy={busy}
              />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={submitAction} encType="multipart/form-data" className="mt-5 space-y-4">
        <input type="hidden" name="lang" value={lang} />
        <Field
          label={t('finalize.nameLabel')}
          name="vendorName"
          autoComplete="name"
          maxLength={120}
          aria-required="true"
          hint={t('finalize.nameHint')}
          defaultValue={draft?.vendorName}
          errors={nameError ? [t('errors.missingInfo')] : errorOf('vendorName')}
        />
        <VendorRequestDetails fields={fields} draft={draft} />
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label>
            {t('finalize.honeypot')}
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to={closeTo} replace preventScrollReset variant="secondary">
            {t('finalize.keepShopping')}
          </ButtonLink>
          <Button type="submit" pending={submitting} pendingLabel={t('finalize.submitting')}>
            {t('finalize.submit')}
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
