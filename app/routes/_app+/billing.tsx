// The Billing and Invoices page (spec §2.11): four cards, New Invoice and From Requests dialogs, search,
// status filter, Active / Archived / All tabs with counts, and the invoice table with its actions.
// Dialogs live in the URL (?dialog=new-invoice, from-requests, details&id=…, delete&id=…); every action
// is a real form post answered with a redirect and a toast, so the page works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { FilePlus2, Plus } from 'lucide-react'
import { BillingStats } from '~/areas/billing/components/billing-stats'
import { BillingTable } from '~/areas/billing/components/billing-table'
import { InvoiceDetailsDialog } from '~/areas/billing/components/invoice-details-dialog'
import { InvoiceEmailConfirm } from '~/areas/billing/components/invoice-email-confirm'
import { InvoiceFromRequestsDialog } from '~/areas/billing/components/invoice-from-requests-dialog'
import { InvoiceNewDialog } from '~/areas/billing/components/invoice-new-dialog'
import type { InvoiceFormErrors, InvoiceFormValues } from '~/areas/billing/components/invoice-recipient-fields'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { SearchBox, StatusFilter, withParams } from '~/areas/requests/components/request-filters'
import { ButtonLink } from '~/ui/button'
import { cn } from '~/ui/cn'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { EmptyState } from '~/ui/empty-state'
import { DomainError, Invalid, NotFound } from '~/lib/errors'
import { invalidFromZod } from '~/lib/http.server'
import { intentHandler } from '~/lib/intents'
import { INVOICE_STATUSES, InvoiceFromRequestsInput, InvoiceInput, InvoiceStatusInput, type InvoiceStatus } from '~/areas/billing/invoice.schema'
import { sendToast } from '~/areas/outbox/send-outcome'
import { redirectWithToast } from '~/lib/toast.server'
import { emailInvoice, issuerOf } from '~/areas/billing/invoice-document.server'
import {
  archiveInvoice,
  createInvoice,
  deleteInvoice,
  findInvoice,
  invoiceFromRequests,
  invoiceItems,

  restoreInvoice,
  setInvoiceStatus,
  type InvoiceTab,
} from '~/areas/billing/invoice.server'
import { billingSummary, pageInvoices } from '~/areas/billing/invoice-page.server'
import { listRecipients } from '~/areas/billing/recipient.server'
import { listRequests } from '~/areas/requests/request-list.server'
import { requireManager, safeRedirect } from '~/areas/people/auth.server'
import { invoiceStatusLabel } from '~/areas/requests/status-labels'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['create', 'from-requests', 'email', 'status', 'archive', 'restore', 'delete'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'Billing and Invoices · Stockrun' }]

const TABS = ['active', 'archived', 'all'] as const satisfies readonly InvoiceTab[]
const TAB_LABELS: Record<InvoiceTab, string> = { active: 'Active', archived: 'Archived', all: 'All' }
const STATUS_FILTERS = ['all', ...INVOICE_STATUSES] as const
const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = { all: 'All statuses', draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue' }
const MAX_LINES = 50

function readQuery(params: URLSearchParams) {
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as InvoiceTab) : 'active'
  const status = (STATUS_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as InvoiceStatus | 'all') : 'all'
  return { tab, status, q: (params.get('q') ?? '').slice(0, 200), after: (params.get('after') ?? '').slice(0, 400) || null }
}

async function dialogData(orgId: string, params: URLSearchParams) {
  const dialog = params.get('dialog')
  if (dialog === 'new-invoice' || dialog === 'from-requests') {
    const recipients = await listRecipients(orgId)
    const prefill = recipients.find((r) => r.id === params.get('recipient')) ?? null
    if (dialog === 'new-invoice') {
      const lines = Math.min(MAX_LINES, Math.max(1, Number(params.get('lines')) || 3))
      return { kind: 'new-invoice' as const, recipients, prefill, lines }
    }
    const { requests } = await listRequests(orgId, { statuses: ['completed'], limit: 200 })
    return {
      kind: 'from-requests' as const,
      recipients,
      prefill,
      requests: requests.map((r) => ({ id: r.id, orderNumber: r.orderNumber, vendorName: r.vendorName, createdAt: r.createdAt, property: r.property, requestedProducts: r.requestedProducts })),
    }
  }
  const id = params.get('id')
  if ((dialog === 'details' || dialog === 'delete' || dialog === 'email') && id) {
    const invoice = await findInvoice(orgId, id).catch((err) => {
      if (err instanceof DomainError) return null
      throw err
    })
    if (!invoice) return null
    if (dialog === 'delete') return { kind: 'delete' as const, invoice }
    if (dialog === 'email') return { kind: 'email' as const, invoice, senderName: (await issuerOf(orgId, invoice)).name }
    return { kind: 'details' as const, invoice, items: await invoiceItems(orgId, id) }
  }
  return null
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const url = new URL(request.url)
  const query = readQuery(url.searchParams)
  const [{ counts, ...summary }, page, dialog, timeZone] = await Promise.all([
    billingSummary(manager.orgId),
    pageInvoices(manager.orgId, { tab: query.tab, status: query.status, q: query.q, after: query.after }),
    dialogData(manager.orgId, url.searchParams),
    organisationTimeZone(manager.orgId),
  ])
  return json({ query, summary, counts, invoices: page.invoices, nextCursor: page.nextCursor, dialog, timeZone })
}

const text = (form: FormData, name: string) => {
  const v = form.get(name)
  return typeof v === 'string' ? v : ''
}

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
    recipientName: text(form, 'recipientName'),
    recipientEmail: text(form, 'recipientEmail'),
    recipientAddress: text(form, 'recipientAddress'),
    recipientPhone: text(form, 'recipientPhone'),
    taxRate: text(form, 'taxRate'),
    paymentTerms: text(form, 'paymentTerms'),
    notes: text(form, 'notes'),
  }
}

const INVOICE_EMAIL_TITLES = { sent: 'Email Sent', resent: 'Email Resent', outbox: 'Email Sent to Outbox', skipped: 'Email Not Sent', failed: 'Email Failed' }

/** A form post to Billing: the organisation, the form, the invoice it names and the list to go back to. */
type BillingPost = { orgId: string; form: FormData; id: string; back: string }

/** Intents that make an invoice from a dialog: a refusal keeps the dialog open with its errors. */
const MAKING = { create: writeInvoice, 'from-requests': invoiceChosenRequests }

/** Intents on one invoice: a refusal is a toast titled by what failed. */
const CHANGING = { email: sendInvoiceByEmail, archive: archiveOne, restore: restoreOne, delete: deleteOne, status: changeStatus }
const FAILED: Record<string, string> = {
  archive: 'Archive Failed',
  restore: 'Restore Failed',
  delete: 'Delete Failed',
  status: 'Update Failed',
  email: 'Email Failed',
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const post: BillingPost = { orgId: manager.orgId, form, id: text(form, 'id'), back: safeRedirect(text(form, 'back'), '/billing') }
  const intent = text(form, 'intent')
  const make = intentHandler(MAKING, intent)
  if (make) return makeInvoice(post, intent, make)
  const change = intentHandler(CHANGING, intent)
  if (!change) return redirectWithToast(post.back, { title: 'Error', description: 'Unknown action.', variant: 'error' })
  try {
    return await change(post)
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    return redirectWithToast(post.back, { title: FAILED[intent] ?? 'Error', description: err.message, variant: 'error' })
  }
}

async function makeInvoice(post: BillingPost, intent: string, make: (post: BillingPost) => Promise<{ invoiceNumber: string }>) {
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
  if (text(form, 'confirmed') !== 'yes') {
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
  const parsed = InvoiceStatusInput.safeParse({ status: text(form, 'status') })
  if (!parsed.success) throw invalidFromZod(parsed.error)
  const invoice = await setInvoiceStatus(orgId, id, parsed.data.status)
  return redirectWithToast(back, { title: 'Status Updated', description: `Invoice ${invoice.invoiceNumber} is now ${invoiceStatusLabel(invoice.status)}.` })
}

export default function BillingPage() {
  const { query, summary, counts, invoices, nextCursor, dialog, timeZone } = useLoaderData<typeof loader>()
  // A live reload (a vendor's request arriving) must not wipe the dialog's errors under the manager's eyes.
  const actionData = useStickyActionData<SerializeFrom<typeof action>>()
  const [params] = useSearchParams()
  const here = withParams(params, {})
  const back = `/billing${here === '?' ? '' : here}`
  const closeTo = withParams(params, { dialog: null, id: null, recipient: null, lines: null })
  const hrefFor = (d: string, id: string) => withParams(params, { dialog: d, id })
  const keep: Record<string, string> = {}
  if (query.tab !== 'active') keep.tab = query.tab
  if (query.status !== 'all') keep.status = query.status
  const errorsFor = (intent: string) => (actionData && 'intent' in actionData && actionData.intent === intent ? actionData : null)

  return (
    <>
      <PageHeader
        title="Billing and Invoices"
        description="Create, send and track invoices"
        action={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={withParams(params, { dialog: 'from-requests', id: null })} variant="secondary" preventScrollReset className="whitespace-nowrap">
              <FilePlus2 className="h-4 w-4" aria-hidden="true" />
              From Requests
            </ButtonLink>
            <ButtonLink to={withParams(params, { dialog: 'new-invoice', id: null })} preventScrollReset className="whitespace-nowrap">
              <Plus className="h-4 w-4" aria-hidden="true" />
              New Invoice
            </ButtonLink>
          </div>
        }
      />
      <BillingStats summary={summary} />

      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end">
        <SearchBox q={query.q} keep={keep} label="Search invoices" placeholder="Search invoices by number, recipient or e-mail..." />
        <StatusFilter
          id="invoice-status-filter"
          value={query.status}
          options={STATUS_FILTERS}
          labels={STATUS_LABELS}
          keep={{ ...(query.q ? { q: query.q } : {}), ...(query.tab !== 'active' ? { tab: query.tab } : {}) }}
        />
      </div>

      <nav aria-label="Invoice tabs" className="mb-3 flex gap-1 border-b border-slate-200" data-testid="invoice-tabs">
        {TABS.map((tab) => (
          <Link
            key={tab}
            to={withParams(params, { tab: tab === 'active' ? null : tab, dialog: null, id: null, after: null })}
            preventScrollReset
            aria-current={query.tab === tab ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              query.tab === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {TAB_LABELS[tab]} <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs tabular-nums text-slate-700">{counts[tab]}</span>
          </Link>
        ))}
      </nav>

      {invoices.length === 0 ? (
        <EmptyState title="No invoices found">
          {query.q || query.status !== 'all'
            ? 'Try adjusting your search or filter.'
            : query.tab === 'archived'
              ? 'Archived invoices will appear here.'
              : 'Create an invoice by hand or from completed requests.'}
        </EmptyState>
      ) : (
        <BillingTable invoices={invoices} back={back} hrefFor={hrefFor} timeZone={timeZone} />
      )}
      {query.after || nextCursor ? (
        <nav aria-label="Invoice pages" className="mt-3 flex justify-between gap-2 text-sm" data-testid="invoice-pages">
          {query.after ? (
            <Link to={withParams(params, { after: null, dialog: null, id: null })} className="font-medium text-brand-700 hover:underline">
              Newest invoices
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link to={withParams(params, { after: nextCursor, dialog: null, id: null })} className="font-medium text-brand-700 hover:underline">
              Older invoices
            </Link>
          ) : null}
        </nav>
      ) : null}

      {dialog?.kind === 'new-invoice' ? (
        <InvoiceNewDialog
          closeTo={closeTo}
          back={back}
          lines={dialog.lines}
          addLineHref={withParams(params, { lines: String(Math.min(MAX_LINES, dialog.lines + 1)) })}
          recipients={dialog.recipients}
          prefill={dialog.prefill}
          recipientHref={(rid) => withParams(params, { recipient: rid })}
          errors={errorsFor('create')?.errors}
          values={errorsFor('create')?.values}
        />
      ) : null}
      {dialog?.kind === 'from-requests' ? (
        <InvoiceFromRequestsDialog
          closeTo={closeTo}
          back={back}
          requests={dialog.requests}
          timeZone={timeZone}
          recipients={dialog.recipients}
          prefill={dialog.prefill}
          recipientHref={(rid) => withParams(params, { recipient: rid })}
          errors={errorsFor('from-requests')?.errors}
          values={errorsFor('from-requests')?.values}
        />
      ) : null}
      {dialog?.kind === 'details' ? (
        <InvoiceDetailsDialog
          closeTo={closeTo}
          back={back}
          timeZone={timeZone}
          invoice={dialog.invoice}
          items={dialog.items}
          deleteHref={hrefFor('delete', dialog.invoice.id)}
          emailHref={hrefFor('email', dialog.invoice.id)}
        />
      ) : null}
      {dialog?.kind === 'email' ? (
        <InvoiceEmailConfirm invoice={dialog.invoice} senderName={dialog.senderName} closeTo={closeTo} back={`/billing${closeTo === '?' ? '' : closeTo}`} timeZone={timeZone} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete invoice permanently?"
          description={
            dialog.invoice.isArchived
              ? `Invoice ${dialog.invoice.invoiceNumber} and its items will be deleted. This cannot be undone.`
              : `Invoice ${dialog.invoice.invoiceNumber} is active: archive it first, then it can be deleted.`
          }
          closeTo={closeTo}
          intent="delete"
          fields={{ id: dialog.invoice.id, back }}
          confirmLabel="Delete permanently"
        />
      ) : null}
    </>
  )
}
