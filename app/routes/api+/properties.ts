import { csvDownload } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { PropertyInput } from '~/areas/catalogue/property.schema'
import { createProperty, listProperties } from '~/areas/catalogue/property.server'
import { propertiesCsv } from '~/areas/integrations/catalog-csv.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'List properties (?format=csv: the CSV export)', scope: 'catalog:read', csv: true },
    { method: 'POST', summary: 'Create a property', scope: 'catalog:write', body: PropertyInput },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (new URL(request.url).searchParams.get('format') === 'csv') return csvDownload(await propertiesCsv(manager.orgId), 'properties.csv')
  const search = new URL(request.url).searchParams.get('search') ?? undefined
  return listProperties(manager.orgId, { search })
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  return createProperty(manager.orgId, await readJson(request, PropertyInput), publicOrigin(request))
})
