// GET /api/depots/:id: one of the organisation's depots; PUT /api/depots/:id { name, address? } renames
// it or moves its address (owners and admins) → 200 { depot }.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { changeDepot, depotOf } from '~/areas/stock/depot.server'
import { DepotInput } from '~/areas/stock/stock.schema'
import * as answer from '~/areas/stock/stock-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'PUT'],
  permission: 'work',
  methodPermissions: { PUT: 'stock' },
  operations: [
    { method: 'GET', summary: 'One depot', scope: 'stock:read', response: answer.DepotEnvelope },
    { method: 'PUT', summary: 'Rename a depot or change its address (owners and admins)', scope: 'stock:write', body: DepotInput, response: answer.DepotEnvelope },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return { depot: await depotOf(manager.orgId, params.id!) }
})

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'PUT') methodNotAllowed()
    // Refused before the body is read: a 403 says more than a 400 about a field.
    requirePermission(manager, 'stock')
    return { depot: await changeDepot(manager.orgId, params.id!, await readJson(request, DepotInput)) }
  },
  { methods: ['PUT'] },
)
