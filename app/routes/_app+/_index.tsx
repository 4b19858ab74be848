// The dashboard (spec §2.4): counters, the searchable list of current requests and the map. The
// list is one server-side page (keyset), so it stays quick however many requests there are; it and
// the counters refresh every 10 s. Search, filter and selection live in the URL.
import { isOverdue, overdueCutoff } from '~/areas/requests/overdue-requests.server'
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { RequestCard, RequestCardIcons } from '~/areas/requests/components/request-card'
import { ExportLink, keptQuery, PageLinks, readListQuery, SearchBox, StatusChips, withParams } from '~/areas/requests/components/request-filters'
import { RequestsMap } from '~/areas/requests/components/requests-map'
import { RunningOut } from '~/areas/insights/components/running-out'
import { StatsCards } from '~/areas/insights/components/stats-cards'
import { Card } from '~/ui/card'
import { env } from '~/lib/env.server'
import { Invalid } from '~/lib/errors'
import { usePolling } from '~/lib/use-polling'
import { locateProperties } from '~/areas/catalogue/property-location.server'
import { qrCodeCounts } from '~/areas/catalogue/property-list.server'
import { propertiesRunningOut } from '~/areas/insights/reorder.server'
import { hasAnyRequest, statusesFor } from '~/areas/requests/request.server'
import { listRequests } from '~/areas/requests/request-list.server'
import { requestStats } from '~/areas/insights/stats.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { UrgentWaiting } from '~/areas/requests/components/urgent-waiting'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export const meta: MetaFunction = () => [{ title: 'Request Management · Stockrun' }]

/** Spec §9: requests and the dashboard's unread count refresh every 10 s. */
const POLL_MS = 10_000
const FILTERS = ['all', 'pending', 'in_progress', 'completed'] as const
const CHIPS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_progress', label: 'Assigned' },
  { value: 'completed', label: 'Completed' },
] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams, FILTERS)
  const [stats, runningOut, page, cutoff, timeZone] = await Promise.all([
    requestStats(manager.orgId),
    propertiesRunningOut(manager.orgId),
    // Urgent first, then the soonest needed, then the newest (issue 34), unless the link asks otherwise.
    listRequests(manager.orgId, { statuses: statusesFor(query.status), q: query.q, cursor: query.cursor, sort: query.sort }).catch((err) => {
      if (!(err instanceof Invalid)) throw err
      // A mangled cursor in a shared link: start from the newest instead of failing.
      url.searchParams.delete('cursor')
      throw redirect(url.pathname + url.search)
    }),
    overdueCutoff(manager.orgId),
    organisationTimeZone(manager.orgId),
  ])
  const located = await locateProperties(manager.orgId, page.requests.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))
  return json({
    query,
    timeZone,
    stats,
    runningOut,
    requests: page.requests,
    overdue: page.requests.filter((r) => isOverdue(r, cutoff)).map((r) => r.id),
    nextCursor: page.nextCursor,
    firstStep: page.requests.length > 0 || (await hasAnyRequest(manager.orgId)) ? null : firstStepOf(await qrCodeCounts(manager.orgId)),
    locations: Object.fromEntries(located),
    mapsKey: env().GOOGLE_MAPS_API_KEY ?? null,
  })
}

/**
 * What an organisation without requests does next, from what the organisation has (not what this
 * person made): a colleague joining a team with properties is not told to create the first one.
 */
function firstStepOf(qr: { active: number; total: number }) {
  if (qr.total === 0) return { text: 'Create your first property to start receiving requests.', href: '/properties?new', label: 'Create a property' }
  if (qr.active === 0) return { text: 'Turn on a property’s QR code so vendors can scan it and send requests.', href: '/qr-codes', label: 'Generate a QR code' }
  return { text: 'Requests appear here when a vendor scans one of your properties’ QR codes.', href: '/qr-codes', label: 'Print or share the QR codes' }
}

/** Selecting a request changes only the URL's `selected`: nothing to reload for that. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate
  const withoutSelection = (u: URL) => {
    const p = new URLSearchParams(u.search)
    p.delete('selected')
    p.sort()
    return p.toString()
  }
  return withoutSelection(currentUrl) === withoutSelection(nextUrl) ? false : defaultShouldRevalidate
}

export default function Dashboard() {
  return <DashboardView data={useLoaderData<typeof loader>()} />
}

function DashboardView({ data }: { data: SerializeFrom<typeof loader> }) {
  const [params] = useSearchParams()
  usePolling(POLL_MS)
  const { query, requests } = data
  const selectedId = params.get('selected')
  const selectHref = (id: string) => withParams(params, { selected: id })

  return (
    <>
      <PageHeader
        title="Request Management"
        description="Incoming product requests from your properties"
        action={<ExportLink status={query.status} q={query.q} sort={query.sort} />}
      />
      <StatsCards stats={data.stats} />
      <UrgentWaiting />
      <RunningOut properties={data.runningOut} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="flex min-w-0 flex-col p-4">
          <h2 className="sr-only">Requests</h2>
          <SearchBox q={query.q} keep={keptQuery(query, false, 'q')} />
          <div className="mt-3">
            <StatusChips current={query.status} options={CHIPS} params={params} />
          </div>
          <div className="mt-4 lg:max-h-[600px] lg:overflow-y-auto" data-testid="request-list">
            {requests.length === 0 ? (
              <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
                <p className="font-medium text-slate-900">No requests found</p>
                {query.q ? (
                  <p className="mt-1 text-sm text-slate-600">Try adjusting your search terms</p>
                ) : data.firstStep ? (
                  <>
                    <p className="mt-1 text-sm text-slate-600">{data.firstStep.text}</p>
                    <Link to={data.firstStep.href} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
                      {data.firstStep.label}
                    </Link>
                  </>
                ) : null}
              </div>
            ) : (
              <>
                <RequestCardIcons />
                <ul className="space-y-2">
                  {requests.map((r) => (
                    <li key={r.id}>
                      <RequestCard request={r} selected={r.id === selectedId} to={selectHref(r.id)} timeZone={data.timeZone} overdue={data.overdue.includes(r.id)} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <PageLinks params={params} nextCursor={data.nextCursor} sort={query.sort} />
        </Card>
        <RequestsMap
          className="h-[360px] sm:h-[420px] lg:h-auto lg:min-h-[560px]"
          requests={requests}
          locations={data.locations}
          mapsKey={data.mapsKey}
          selectedId={selectedId}
          selectHref={selectHref}
        />
      </div>
    </>
  )
}
