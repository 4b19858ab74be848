import { csvDownload } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { PropertyInput } from '~/lib/schemas/property'
import { createProperty, listProperties } from '~/models/property.server'
import { propertiesCsv } from '~/models/catalog-csv.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (new URL(request.url).searchParams.get('format') === 'csv') return csvDownload(await propertiesCsv(manager.orgId), 'properties.csv')
  const search = new URL(request.url).searchParams.get('search') ?? undefined
  return listProperties(manager.orgId, { search })
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  return createProperty(manager.orgId, await readJson(request, PropertyInput), publicOrigin(request))
})
