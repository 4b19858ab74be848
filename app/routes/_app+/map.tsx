// The map page (spec §2.6): the newest current requests on the map, with the properties and products
// they refer to. The data streams in after the page shell, so the page shows its loading state while
// positions are looked up (the first visit geocodes each property once).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { defer } from '@remix-run/node'
import { Await, useLoaderData, useSearchParams } from '@remix-run/react'
import { Suspense } from 'react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { withParams } from '~/areas/requests/components/request-filters'
import { RequestsMap, type MapRequest } from '~/areas/requests/components/requests-map'
import { Spinner } from '~/ui/spinner'
import { env } from '~/lib/env.server'
import { locateProperties } from '~/areas/catalogue/property-location.server'
import { freshRunnerPositions } from '~/areas/deliveries/runner-position.server'
import { CURRENT_STATUSES } from '~/areas/requests/request.server'
import { listRequests } from '~/areas/requests/request-list.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

export const meta: MetaFunction = () => [{ title: 'Map · Stockrun' }]

/** More markers than this stop being readable on one map. */
const MAP_LIMIT = 200

async function mapData(orgId: string) {
  const { requests } = await listRequests(orgId, { statuses: CURRENT_STATUSES, limit: MAP_LIMIT })
  const located = await locateProperties(orgId, requests.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))
  const properties = new Map(requests.flatMap((r) => (r.property ? [[r.property.id, r.property] as const] : [])))
  const products = new Set(requests.flatMap((r) => r.requestedProducts.map((p) => p.productId ?? p.name)))
  // Only what a marker and its card show: the whole rows were three quarters of the page's bytes.
  const markers = requests.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    status: r.status,
    vendorName: r.vendorName,
    notes: r.notes,
    propertyId: r.propertyId,
    requestedProducts: r.requestedProducts.map((p) => ({ name: p.name })),
    property: r.property ? { name: r.property.name } : null,
  })) satisfies MapRequest[]
  const runners = await freshRunnerPositions(orgId)
  return { requests: markers, runners, locations: Object.fromEntries(located), propertyCount: properties.size, productCount: products.size }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  return defer({ mapsKey: env().GOOGLE_MAPS_API_KEY ?? null, data: mapData(manager.orgId) })
}

export default function MapPage() {
  const { mapsKey, data } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  return (
    <div data-testid="map-page">
      <PageHeader title="Map" description="Current requests at their properties" />
      <Suspense
        fallback={
          <div className="flex h-[560px] items-center justify-center rounded-lg border border-slate-200 bg-white" data-testid="map-loading">
            <Spinner label="Loading requests" />
            <span className="ml-2 text-sm text-slate-600">Loading requests...</span>
          </div>
        }
      >
        <Await resolve={data} errorElement={<p className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">The map data could not be loaded.</p>}>
          {(loaded) => (
            <>
              <p className="mb-3 text-sm text-slate-600">
                {loaded.requests.length} {loaded.requests.length === 1 ? 'request' : 'requests'} at {loaded.propertyCount}{' '}
                {loaded.propertyCount === 1 ? 'property' : 'properties'}, {loaded.productCount} {loaded.productCount === 1 ? 'product' : 'products'}
                {loaded.requests.length === MAP_LIMIT ? ` (the newest ${MAP_LIMIT})` : ''}
              </p>
              <RequestsMap
                className="h-[70vh] min-h-[420px]"
                requests={loaded.requests}
                runners={loaded.runners}
                locations={loaded.locations}
                mapsKey={mapsKey}
                selectedId={params.get('selected')}
                selectHref={(id) => withParams(params, { selected: id })}
              />
            </>
          )}
        </Await>
      </Suspense>
    </div>
  )
}
