// The Billing and Invoices page (spec §2.11): four cards, New Invoice and From Requests dialogs, search,
// status filter, Active / Archived / All tabs with counts, and the invoice table with its actions.
// Dialogs live in the URL (?dialog=new-invoice, from-requests, details&id=…, delete&id=…); every action
// is a real form post answered with a redirect and a toast, so the page works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { FilePlus2, Plus } from 'lucide-react'
import { BillingStats } from '~/areas/billing/components/billing-stats'
import { BillingTable } from '~/areas/billing/components/billing-table'
import { InvoiceDetailsDialog } from '~/areas/billing/components/invoice-details-dialog'
import { InvoiceEmailConfirm } from '~/areas/billing/components/invoice-email-confirm'
import { InvoiceFromRequestsDialog } from '~/areas/billing/components/invoice-from-requests-dialog'
import { InvoiceNewDialog } from '~/areas/billing/components/invoice-new-dialog'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { SearchBox, StatusFilter, withParams } from '~/areas/requests/components/request-filters'
import { ButtonLink } from '~/ui/button'
import { cn } from '~/ui/cn'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { EmptyState } from '~/ui/empty-state'
import { DomainError } from '~/lib/errors'
import { intentHandler } from '~/lib/intents'
import { INVOICE_STATUSES, type InvoiceStatus } from '~/areas/billing/invoice.schema'
import { redirectWithToast } from '~/lib/toast.server'
import { issuerOf } from '~/areas/billing/invoice-document.server'
import { findInvoice, type InvoiceTab } from '~/areas/billing/invoice.server'
import { invoiceItems } from '~/areas/billing/invoice-lines.server'
import { billingSummary, pageInvoices } from '~/areas/billing/invoice-page.server'
import { listRecipients } from '~/areas/billing/recipient.server'
import { listRequests } from '~/areas/requests/request-list.server'
import { requireManager, safeRedirect } from '~/areas/people/auth.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { CHANGING, FAILED, makeInvoice, MAKING, type BillingPost } from './billing.server'
import { formText } from '~/lib/form-text'

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

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const post: BillingPost = { orgId: manager.orgId, form, id: formText(form, 'id'), back: safeRedirect(formText(form, 'back'), '/billing') }
  const intent = formText(form, 'intent')
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
