// What the New Invoice and From Requests dialogs share: the saved recipients to prefill from, the
// form posting its intent and where to land, its form-wide error, the tax and payment terms, the
// notes and the Cancel / Create Invoice buttons. Each dialog puts its own fields in between.
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, ButtonLink } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { FieldErrors, TextareaField } from '~/ui/field'
import { InvoiceTermsFields, SavedRecipients, type InvoiceFormErrors, type InvoiceFormValues, type RecipientJson } from './invoice-recipient-fields'

export function InvoiceFormDialog({
  title,
  description,
  intent,
  formId,
  closeTo,
  back,
  recipients,
  prefill,
  recipientHref,
  errors,
  values,
  children,
}: {
  title: string
  description: string
  intent: 'create' | 'from-requests'
  /** Names the form (data-testid) and its form-wide error (`<formId>-error`). */
  formId: string
  closeTo: string
  back: string
  recipients: RecipientJson[]
  prefill: RecipientJson | null
  recipientHref: (id: string) => string
  errors?: InvoiceFormErrors
  values?: InvoiceFormValues | null
  children: ReactNode
}) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <Dialog title={title} description={description} closeTo={closeTo} wide>
      <SavedRecipients recipients={recipients} hrefFor={recipientHref} />
      <Form method="post" preventScrollReset className="space-y-4" key={prefill?.id ?? 'blank'} data-testid={`${formId}-form`}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="back" value={back} />
        {errors?.form ? <FieldErrors id={`${formId}-error`} errors={errors.form} /> : null}
        {children}
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
