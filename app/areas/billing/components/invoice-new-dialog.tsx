// The New Invoice dialog: recipient, line items, tax rate, payment terms, notes. The number of blank
// lines lives in the URL (?lines=N) so "Add line" works without JavaScript too.
import { Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { FieldErrors, inputClasses } from '~/ui/field'
import { InvoiceFormDialog } from './invoice-form-dialog'
import { RecipientFields, type InvoiceFormErrors, type InvoiceFormValues, type RecipientJson } from './invoice-recipient-fields'

export function InvoiceNewDialog({
  closeTo,
  back,
  lines,
  addLineHref,
  recipients,
  prefill,
  recipientHref,
  errors,
  values,
}: {
  closeTo: string
  back: string
  lines: number
  addLineHref: string
  recipients: RecipientJson[]
  prefill: RecipientJson | null
  recipientHref: (id: string) => string
  errors?: InvoiceFormErrors
  values?: InvoiceFormValues | null
}) {
  const list = (name: string) => {
    const v = values?.[name]
    return Array.isArray(v) ? v : []
  }
  const count = Math.max(lines, list('itemDescription').length)
  return (
    <InvoiceFormDialog
      title="New Invoice"
      description="Bill a recipient for products and services"
      intent="create"
      formId="new-invoice"
      {...{ closeTo, back, recipients, prefill, recipientHref, errors, values }}
    >
      <RecipientFields errors={errors} values={values} prefill={prefill} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Line items</legend>
        <div className="mb-1 grid grid-cols-[minmax(0,1fr)_4.5rem_6.5rem] gap-2 text-xs text-slate-500" aria-hidden="true">
          <span>Description</span>
          <span>Qty</span>
          <span>Unit price</span>
        </div>
        <div className="space-y-2">
          {Array.from({ length: count }, (_, i) => (
            <div key={i} className="grid grid-cols-[minmax(0,1fr)_4.5rem_6.5rem] gap-2">
              <input name="itemDescription" aria-label={`Item ${i + 1} description`} placeholder="Description" className={inputClasses} defaultValue={list('itemDescription')[i] ?? ''} />
              <input name="itemQuantity" aria-label={`Item ${i + 1} quantity`} inputMode="decimal" placeholder="1" className={inputClasses} defaultValue={list('itemQuantity')[i] ?? '1'} />
              <input name="itemUnitPrice" aria-label={`Item ${i + 1} unit price`} inputMode="decimal" placeholder="$0.00" className={inputClasses} defaultValue={list('itemUnitPrice')[i] ?? ''} />
            </div>
          ))}
        </div>
        <FieldErrors id="items-error" errors={errors?.items} />
        <Link to={addLineHref} replace preventScrollReset className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <Plus className="h-4 w-4" aria-hidden="true" /> Add line
        </Link>
      </fieldset>
    </InvoiceFormDialog>
  )
}
