import { csvDownload } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { PropertyInput } from '~/lib/schemas/property'
import { createProperty, listProperties } from '~/models/property.server'
import { propertiesCsv } from '~/models/catalog-csv.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

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
