// GET /api/depots: the organisation's depots; POST /api/depots { name, address? } adds one (owners and
// admins) → 201 { depot }.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { createDepot, listDepots } from '~/areas/stock/depot.server'
import { DepotInput } from '~/areas/stock/stock.schema'
import * as answer from '~/areas/stock/stock-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  methodPermissions: { POST: 'stock' },
  operations: [
    { method: 'GET', summary: 'List the organisation’s depots', scope: 'stock:read', response: answer.DepotsAnswer },
    { method: 'POST', summary: 'Add a depot (owners and admins)', scope: 'stock:write', body: DepotInput, response: answer.DepotEnvelope, success: 201 },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return { depots: await listDepots(manager.orgId) }
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  // Refused before the body is read: a 403 says more than a 400 about a field.
  requirePermission(manager, 'stock')
  return { depot: await createDepot(manager.orgId, await readJson(request, DepotInput)) }
})
