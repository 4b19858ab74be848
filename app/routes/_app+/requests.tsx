// The Requests page (spec §2.9): every request, searched, filtered (archived only when asked for),
// counted and paged on the server; status changes, PDF, details with delivery proof, CSV export and
// the New Request dialog. Dialogs live in the URL (?dialog=new-request, ?dialog=details&id=…).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { isOverdue, overdueCutoff } from '~/areas/requests/overdue-requests.server'
import { useStickyActionData } from '~/lib/use-sticky-action-data'
import { Plus } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { NewRequestDialog, type NewRequestErrors } from '~/areas/requests/components/request-new-dialog'
import { RequestDetailsDialog } from '~/areas/requests/components/request-details-dialog'
import { ExportLink, keptQuery, PageLinks, readListQuery, SearchBox, SORT_LABELS, SORTS, StatusFilter, withParams } from '~/areas/requests/components/request-filters'
import { RequestRow, RequestRowIcons, requestRowStylesheet } from '~/areas/requests/components/request-row'
import { STATUS_LABELS } from '~/areas/requests/components/request-summary'
import { ButtonLink } from '~/ui/button'
import { Card } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { DomainError, Invalid } from '~/lib/errors'
import { formText } from '~/lib/form-text'
import { usePolling } from '~/lib/use-polling'
import { redirectWithToast } from '~/lib/toast.server'
import { listAssignedProducts, listProperties } from '~/areas/catalogue/property.server'
import { createRequest } from '~/areas/requests/request-intake.server'
import {
  changeRequestStatus,
  findRequest,
  latestDeliveryProof,
  requestHistory,
  RequestStatusInput,
  statusesFor,
  type ListFilter,
  type RequestView,
} from '~/areas/requests/request.server'
import { listAndCountRequests } from '~/areas/requests/request-list.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { requireManager, safeRedirect } from '~/areas/people/auth.server'
import { requestStatusLabel } from '~/areas/requests/status-labels'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD', 'POST'], intents: ['status', 'create'], permission: 'work' }

export const meta: MetaFunction = () => [{ title: 'Requests · Stockrun' }]

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: requestRowStylesheet }]

/** Spec §9: the request list refreshes every 10 s. */
const POLL_MS = 10_000
/** Spec §2.9's status filter; archived requests show only under their own filter. */
const FILTERS = ['all', 'pending', 'in_progress', 'completed', 'archived'] as const satisfies readonly ListFilter[]

async function dialogData(orgId: string, params: URLSearchParams) {
  const dialog = params.get('dialog')
  if (dialog === 'new-request') {
    const properties = await listProperties(orgId)
    const propertyId = params.get('propertyId')
    const chosen = properties.find((p) => p.id === propertyId) ?? null
    return {
      kind: 'new-request' as const,
      properties: properties.map((p) => ({ id: p.id, name: p.name, isActive: p.isActive })),
      propertyId: chosen?.id ?? null,
      products: chosen ? (await listAssignedProducts(orgId, chosen.id)).filter((p) => p.isActive).map((p) => ({ id: p.id, name: p.name, category: p.category })) : [],
    }
  }
  const id = params.get('id')
  if (dialog === 'details' && id) {
    const request = await findRequest(orgId, id).catch(() => null)
    if (!request) return null
    const [history, proof, timeZone] = await Promise.all([requestHistory(orgId, id), latestDeliveryProof(orgId, id), organisationTimeZone(orgId)])
    return { kind: 'details' as const, request, history, proof, timeZone }
  }
  return null
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams, FILTERS)
  // Urgent only (issue 29): a plain link toggles it, so it works without JavaScript.
  const urgent = url.searchParams.get('urgent') === '1'
  const filter = { statuses: statusesFor(query.status), q: query.q, urgent, sort: query.sort }
  const [page, dialog, timeZone, cutoff] = await Promise.all([
    listAndCountRequests(manager.orgId, { ...filter, cursor: query.cursor }).catch((err) => {
      if (!(err instanceof Invalid)) throw err
      url.searchParams.delete('cursor')
      throw redirect(url.pathname + url.search)
    }),
    dialogData(manager.orgId, url.searchParams),
    organisationTimeZone(manager.orgId),
    overdueCutoff(manager.orgId),
  ])
  const overdue = page.requests.filter((r) => isOverdue(r, cutoff)).map((r) => r.id)
  // What a row shows, not each request whole: the page carries 50 of them into its HTML and again
  // as data for the browser, on every view and every 10 s poll.
  const requests = page.requests.map(rowOf)
  return json({ query, urgent, requests, nextCursor: page.nextCursor, count: page.count, countIsAtLeast: page.countIsAtLeast, dialog, timeZone, overdue })
}

function rowOf(r: RequestView) {
  return {
    id: r.id,
    orderNumber: r.orderNumber,
    status: r.status,
    vendorName: r.vendorName,
    createdAt: r.createdAt,
    itemCount: r.requestedProducts.length,
    property: r.property ? { name: r.property.name, address: r.property.address } : null,
    urgent: r.urgent,
    neededBy: r.neededBy,
    photoCount: r.photos.length,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  // Back to the page the form is on (its search, filter, cursor and dialog): every form here posts
  // to the page's own address, so no row has to carry it.
  const url = new URL(request.url)
  const back = safeRedirect(url.pathname + url.search, '/requests')

  if (form.get('intent') === 'status') {
    const status = RequestStatusInput.safeParse(form.get('status'))
    try {
      if (!status.success) throw new Invalid(status.error.issues[0]?.message ?? 'Invalid status')
      await changeRequestStatus(manager.orgId, formText(form, 'id'), status.data)
      return redirectWithToast(back, { title: 'Status Updated', description: `Request status changed to ${requestStatusLabel(status.data)}` })
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      return redirectWithToast(back, { title: 'Update Failed', description: 'Failed to update request status. Please try again.', variant: 'error' })
    }
  }

  if (form.get('intent') === 'create') {
    const requestedProducts = form.getAll('product').flatMap((id) =>
      typeof id === 'string' ? [{ productId: id, quantity: Number(formText(form, `quantity.${id}`) || 1) }] : [],
    )
    const values = { propertyId: formText(form, 'propertyId'), vendorName: formText(form, 'vendorName'), notes: formText(form, 'notes') }
    try {
      await createRequest(manager.orgId, { ...values, requestedProducts }, { source: 'manager' })
    } catch (err) {
      if (err instanceof Invalid) {
        return json({ errors: { ...err.fieldErrors, form: [err.message] } as NewRequestErrors, values: { ...values, requestedProducts } }, { status: 400 })
      }
      if (err instanceof DomainError) {
        return json({ errors: { propertyId: [err.message], form: [err.message] } as NewRequestErrors, values: { ...values, requestedProducts } }, { status: err.status })
      }
      console.error(err)
      return redirectWithToast(back, { title: 'Error', description: 'Failed to create request.', variant: 'error' })
    }
    const closed = new URL(back, 'http://x')
    for (const key of ['dialog', 'propertyId', 'cursor']) closed.searchParams.delete(key)
    return redirectWithToast(closed.pathname + closed.search, { title: 'Success', description: 'Request created successfully.' })
  }
  return json({ errors: { form: ['Unknown action'] } as NewRequestErrors, values: null }, { status: 400 })
}

const FILTER_LABELS: Record<(typeof FILTERS)[number], string> = { all: 'All requests', ...STATUS_LABELS }

export default function RequestsPage() {
  const { query, urgent, requests, nextCursor, count, countIsAtLeast, dialog, timeZone, overdue } = useLoaderData<typeof loader>()
  // A live reload (a vendor's request arriving) must not wipe the dialog's errors under the manager's eyes.
  const actionData = useStickyActionData<SerializeFrom<typeof action>>()
  const [params] = useSearchParams()
  usePolling(POLL_MS, !dialog)
  const closeTo = withParams(params, { dialog: null, id: null, propertyId: null })
  // Each row's details link is this plus its id: one query built per view, not one per row.
  const detailsBase = withParams(params, { dialog: 'details', id: null, propertyId: null })

  return (
    <>
      <PageHeader
        title="Requests"
        description="Every product request across your properties"
        action={
          <div className="flex flex-wrap gap-2">
            <ExportLink status={query.status} q={query.q} urgent={urgent} sort={query.sort} label="Export CSV" />
            <ButtonLink to={withParams(params, { dialog: 'new-request', id: null })} preventScrollReset className="whitespace-nowrap">
              <Plus className="h-4 w-4" aria-hidden="true" />
              New Request
            </ButtonLink>
          </div>
        }
      />
      <Card className="p-4">
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,1fr)_13rem_13rem]">
          <div className="sm:col-span-2 lg:col-span-1">
            <SearchBox q={query.q} keep={keptQuery(query, urgent, 'q')} placeholder="Search requests..." />
          </div>
          <StatusFilter id="status-filter" value={query.status} options={FILTERS} labels={FILTER_LABELS} keep={keptQuery(query, urgent, 'status')} />
          <StatusFilter id="sort-filter" name="sort" label="Order" button="Sort" value={query.sort} options={SORTS} labels={SORT_LABELS} keep={keptQuery(query, urgent, 'sort')} />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600" data-testid="request-count" aria-live="polite">
            {/* A search most requests match is not counted to its end (decision 126). */}
            {countIsAtLeast ? `More than ${count.toLocaleString('en-US')} requests` : `${count} ${count === 1 ? 'request' : 'requests'}`}
          </p>
          <Link
            to={withParams(params, { urgent: urgent ? null : '1', cursor: null })}
            replace
            preventScrollReset
            aria-current={urgent ? 'true' : undefined}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-[current=true]:border-red-600 aria-[current=true]:bg-red-600 aria-[current=true]:text-white"
          >
            Urgent only
          </Link>
        </div>
      </Card>

      <div className="mt-4">
        {requests.length === 0 ? (
          <EmptyState title="No requests found">
            {query.q ? 'Try adjusting your search terms' : query.status === 'archived' ? 'No archived requests.' : 'Requests from your properties will appear here.'}
          </EmptyState>
        ) : (
          <>
            <RequestRowIcons />
            <ul className="request-rows" data-testid="request-rows">
              {requests.map((r) => (
                <li key={r.id}>
                  <RequestRow request={r} timeZone={timeZone} overdue={overdue.includes(r.id)} detailsHref={`${detailsBase}${detailsBase === '?' ? '' : '&'}id=${encodeURIComponent(r.id)}`} />
                </li>
              ))}
            </ul>
          </>
        )}
        <PageLinks params={params} nextCursor={nextCursor} sort={query.sort} />
      </div>

      {dialog?.kind === 'new-request' ? (
        <NewRequestDialog
          closeTo={closeTo}
          params={params}
          properties={dialog.properties}
          propertyId={dialog.propertyId}
          products={dialog.products}
          errors={actionData?.errors}
          values={actionData?.values ?? null}
        />
      ) : null}
      {dialog?.kind === 'details' ? (
        <RequestDetailsDialog closeTo={closeTo} request={dialog.request} history={dialog.history} proof={dialog.proof} timeZone={dialog.timeZone} />
      ) : null}
    </>
  )
}
