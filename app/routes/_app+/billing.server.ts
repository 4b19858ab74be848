// The Billing page's form posts, one named task each (issue 35): making an invoice (by hand or from
// requests), e-mailing, archiving, restoring, deleting one and changing its status.
import { json, redirect } from '@remix-run/node'
import type { InvoiceFormErrors, InvoiceFormValues } from '~/areas/billing/components/invoice-recipient-fields'
import { DomainError, Invalid, NotFound } from '~/lib/errors'
import { invalidFromZod } from '~/lib/http.server'
import { formText } from '~/lib/form-text'
import { InvoiceFromRequestsInput, InvoiceInput, InvoiceStatusInput } from '~/areas/billing/invoice.schema'
import { sendToast } from '~/areas/outbox/send-outcome'
import { redirectWithToast } from '~/lib/toast.server'
import { emailInvoice } from '~/areas/billing/invoice-document.server'
import { archiveInvoice, createInvoice, deleteInvoice, findInvoice, invoiceFromRequests, restoreInvoice, setInvoiceStatus } from '~/areas/billing/invoice.server'
import { invoiceStatusLabel } from '~/areas/requests/status-labels'

function formValues(form: FormData): InvoiceFormValues {
  const values: InvoiceFormValues = {}
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === 'string')
    values[key] = ['requestIds', 'itemDescription', 'itemQuantity', 'itemUnitPrice'].includes(key) ? all : all[0]
  }
  return values
}

/** Zod paths such as invoiceData.recipientName or items.0.description become the form's field names. */
function formErrors(err: Invalid): InvoiceFormErrors {
  const errors: InvoiceFormErrors = {}
  for (const [key, messages] of Object.entries(err.fieldErrors)) {
    const field = key.replace(/^invoiceData\./, '').replace(/^items\..*/, 'items')
    errors[field] = [...(errors[field] ?? []), ...messages]
  }
  if (!Object.keys(errors).length) errors.form = [err.message]
  return errors
}

function closedDialog(back: string) {
  const url = new URL(back, 'http://x')
  for (const key of ['dialog', 'id', 'recipient', 'lines']) url.searchParams.delete(key)
  return url.pathname + url.search
}

function terms(form: FormData) {
  return {
    recipientName: formText(form, 'recipientName'),
    recipientEmail: formText(form, 'recipientEmail'),
    recipientAddress: formText(form, 'recipientAddress'),
    recipientPhone: formText(form, 'recipientPhone'),
    taxRate: formText(form, 'taxRate'),
    paymentTerms: formText(form, 'paymentTerms'),
    notes: formText(form, 'notes'),
  }
}

const INVOICE_EMAIL_TITLES = { sent: 'Email Sent', resent: 'Email Resent', outbox: 'Email Sent to Outbox', skipped: 'Email Not Sent', failed: 'Email Failed' }

/** A form post to Billing: the organisation, the form, the invoice it names and the list to go back to. */
export type BillingPost = { orgId: string; form: FormData; id: string; back: string }

/** Intents that make an invoice from a dialog: a refusal keeps the dialog open with its errors. */
export const MAKING = { create: writeInvoice, 'from-requests': invoiceChosenRequests }

/** Intents on one invoice: a refusal is a toast titled by what failed. */
export const CHANGING = { email: sendInvoiceByEmail, archive: archiveOne, restore: restoreOne, delete: deleteOne, status: changeStatus }
export const FAILED: Record<string, string> = {
  archive: 'Archive Failed',
  restore: 'Restore Failed',
  delete: 'Delete Failed',
  status: 'Update Failed',
  email: 'Email Failed',
}


export async function makeInvoice(post: BillingPost, intent: string, make: (post: BillingPost) => Promise<{ invoiceNumber: string }>) {
  const { form, back } = post
  try {
    const invoice = await make(post)
    return redirectWithToast(closedDialog(back), { title: 'Invoice Created', description: `Invoice ${invoice.invoiceNumber} was created.` })
  } catch (err) {
    if (err instanceof Invalid) return json({ intent, errors: formErrors(err), values: formValues(form) }, { status: 400 })
    if (err instanceof DomainError) return json({ intent, errors: { form: [err.message] } as InvoiceFormErrors, values: formValues(form) }, { status: err.status })
    console.error(err)
    return redirectWithToast(back, { title: 'Error', description: 'Failed to create invoice.', variant: 'error' })
  }
}

/** An invoice written line by line in the New Invoice dialog. */
async function writeInvoice({ orgId, form }: BillingPost) {
  const prices = form.getAll('itemUnitPrice')
  const quantities = form.getAll('itemQuantity')
  const items = form
    .getAll('itemDescription')
    .map((d, i) => ({ description: String(d), quantity: String(quantities[i] ?? '1'), unitPrice: String(prices[i] ?? '') }))
    // Blank rows are the spare lines of the form, not items.
    .filter((item) => item.description.trim() || item.unitPrice.trim())
  const parsed = InvoiceInput.safeParse({ ...terms(form), items })
  if (!parsed.success) throw invalidFromZod(parsed.error)
  return createInvoice(orgId, parsed.data)
}

/** An invoice for the completed requests ticked in the dialog. */
async function invoiceChosenRequests({ orgId, form }: BillingPost) {
  const parsed = InvoiceFromRequestsInput.safeParse({ requestIds: form.getAll('requestIds'), invoiceData: terms(form) })
  if (!parsed.success) throw invalidFromZod(parsed.error)
  return invoiceFromRequests(orgId, parsed.data)
}

async function sendInvoiceByEmail({ orgId, form, id, back }: BillingPost) {
  // Only the confirmation's form sends (it names the recipients); any other post is shown it first.
  if (formText(form, 'confirmed') !== 'yes') {
    // The id goes into the confirmation's address: one that is no invoice's id is refused here, not
    // sent back in a header (a fuzzed 16 KB id overflowed it).
    if (!/^[\w-]{1,64}$/.test(id)) throw new NotFound('Invoice not found')
    const url = new URL(back, 'http://x')
    url.searchParams.set('dialog', 'email')
    url.searchParams.set('id', id)
    return redirect(url.pathname + url.search)
  }
  const outcome = await emailInvoice(orgId, id)
  const { invoiceNumber, recipientName, recipientEmail } = outcome.invoice
  return redirectWithToast(
    back,
    sendToast(
      {
        what: `Invoice ${invoiceNumber}`,
        recipient: recipientName ? `${recipientName} (${recipientEmail})` : recipientEmail,
        outcome: outcome.error ? 'failed' : outcome.delivery === 'outbox' ? 'outbox' : 'sent',
        resent: outcome.resent,
        reason: outcome.error,
      },
      INVOICE_EMAIL_TITLES,
    ),
  )
}

async function archiveOne({ orgId, id, back }: BillingPost) {
  const invoice = await archiveInvoice(orgId, id)
  return redirectWithToast(closedDialog(back), { title: 'Invoice Archived', description: `Invoice ${invoice.invoiceNumber} was archived.` })
}

async function restoreOne({ orgId, id, back }: BillingPost) {
  const invoice = await restoreInvoice(orgId, id)
  return redirectWithToast(closedDialog(back), { title: 'Invoice Restored', description: `Invoice ${invoice.invoiceNumber} was restored.` })
}

async function deleteOne({ orgId, id, back }: BillingPost) {
  const invoice = await findInvoice(orgId, id)
  await deleteInvoice(orgId, id)
  return redirectWithToast(closedDialog(back), { title: 'Invoice Deleted', description: `Invoice ${invoice.invoiceNumber} was deleted permanently.` })
}

async function changeStatus({ orgId, form, id, back }: BillingPost) {
  const parsed = InvoiceStatusInput.safeParse({ status: formText(form, 'status') })
  if (!parsed.success) throw invalidFromZod(parsed.error)
  const invoice = await setInvoiceStatus(orgId, id, parsed.data.status)
  return redirectWithToast(back, { title: 'Status Updated', description: `Invoice ${invoice.invoiceNumber} is now ${invoiceStatusLabel(invoice.status)}.` })
}

