import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { PropertyUpdate } from '~/areas/catalogue/property.schema'
import { deleteProperty, findProperty, updateProperty } from '~/areas/catalogue/property.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'One property', scope: 'catalog:read' },
    { method: 'PUT', summary: 'Replace a property', scope: 'catalog:write', body: PropertyUpdate },
    { method: 'PATCH', summary: 'Change a property', scope: 'catalog:write', body: PropertyUpdate },
    { method: 'DELETE', summary: 'Delete a property', scope: 'catalog:write' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return findProperty(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method === 'DELETE') return deleteProperty(manager.orgId, params.id!)
  if (request.method === 'PUT' || request.method === 'PATCH') {
    return updateProperty(manager.orgId, params.id!, await readJson(request, PropertyUpdate), publicOrigin(request))
  }
  methodNotAllowed()
}, { methods: ['PUT', 'PATCH', 'DELETE'] })
