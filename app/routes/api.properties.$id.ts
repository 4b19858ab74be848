import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { PropertyUpdate } from '~/lib/schemas/property'
import { deleteProperty, findProperty, updateProperty } from '~/models/property.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return findProperty(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method === 'DELETE') return deleteProperty(manager.orgId, params.id!)
  if (request.method === 'PUT' || request.method === 'PATCH') {
    return updateProperty(manager.orgId, params.id!, await readJson(request, PropertyUpdate), publicOrigin(request))
  }
  methodNotAllowed()
}, { methods: ['PUT', 'PATCH', 'DELETE'] })
