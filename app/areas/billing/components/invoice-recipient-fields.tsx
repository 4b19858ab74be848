// Recipient fields shared by the New Invoice and From Requests dialogs, with saved recipients offered
// as links that prefill them (?recipient=<id>), which works with or without JavaScript.
import { Link } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import type { RecipientView } from '~/areas/billing/recipient.server'
import { Field } from '~/ui/field'

export type RecipientJson = SerializeFrom<RecipientView>
export type InvoiceFormErrors = Record<string, string[] | undefined>
export type InvoiceFormValues = Record<string, string | string[] | undefined>

const text = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined)

export function SavedRecipients({ recipients, hrefFor }: { recipients: RecipientJson[]; hrefFor: (recipientId: string) => string }) {
  if (!recipients.length) return null
  return (
    <div className="mb-3">
      <p className="mb-1 text-sm font-medium text-slate-700">Saved recipients</p>
      <ul className="flex flex-wrap gap-2" data-testid="saved-recipients">
        {recipients.slice(0, 12).map((r) => (
          <li key={r.id}>
            <Link to={hrefFor(r.id)} replace preventScrollReset className="inline-block rounded-full border border-slate-300 px-2.5 py-0.5 text-xs text-slate-700 hover:bg-slate-50" title={r.email}>
              {r.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function RecipientFields({ errors, values, prefill }: { errors?: InvoiceFormErrors; values?: InvoiceFormValues | null; prefill?: RecipientJson | null }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Recipient name" name="recipientName" required defaultValue={text(values?.recipientName) ?? prefill?.name ?? ''} errors={errors?.recipientName} />
      <Field label="Recipient email" name="recipientEmail" type="email" required defaultValue={text(values?.recipientEmail) ?? prefill?.email ?? ''} errors={errors?.recipientEmail} />
      <Field label="Address" name="recipientAddress" defaultValue={text(values?.recipientAddress) ?? prefill?.address ?? ''} errors={errors?.recipientAddress} />
      <Field label="Phone" name="recipientPhone" type="tel" defaultValue={text(values?.recipientPhone) ?? prefill?.phone ?? ''} errors={errors?.recipientPhone} />
    </div>
  )
}

export function InvoiceTermsFields({ errors, values }: { errors?: InvoiceFormErrors; values?: InvoiceFormValues | null }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Tax rate (%)" name="taxRate" inputMode="decimal" placeholder="0" defaultValue={text(values?.taxRate) ?? '0'} errors={errors?.taxRate} />
      <Field label="Payment terms" name="paymentTerms" defaultValue={text(values?.paymentTerms) ?? 'Net 30'} errors={errors?.paymentTerms} />
    </div>
  )
}
