// The New Invoice dialog: recipient, line items, tax rate, payment terms, notes. The number of blank
// lines lives in the URL (?lines=N) so "Add line" works without JavaScript too.
import { Form, Link, useNavigation } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { FieldErrors, inputClasses, TextareaField } from '~/ui/field'
import { InvoiceTermsFields, RecipientFields, SavedRecipients, type InvoiceFormErrors, type InvoiceFormValues, type RecipientJson } from './invoice-recipient-fields'

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
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create'
  const list = (name: string) => {
    const v = values?.[name]
    return Array.isArray(v) ? v : []
  }
  const count = Math.max(lines, list('itemDescription').length)
  return (
    <Dialog title="New Invoice" description="Bill a recipient for products and services" closeTo={closeTo} wide>
      <SavedRecipients recipients={recipients} hrefFor={recipientHref} />
      <Form method="post" preventScrollReset className="space-y-4" key={prefill?.id ?? 'blank'} data-testid="new-invoice-form">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="back" value={back} />
        {errors?.form ? <FieldErrors id="new-invoice-error" errors={errors.form} /> : null}
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
        <InvoiceTermsFields errors={errors} values={values} />
        <TextareaField label="Notes" name="notes" defaultValue={typeof values?.notes === 'string' ? values.notes : ''} errors={errors?.notes} />
        <div className="flex justify-end gap-2">
          <ButtonLink to={closeTo} variant="secondary" replace preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" pending={pending} pendingLabel="Creating...">
            Create Invoice
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}
