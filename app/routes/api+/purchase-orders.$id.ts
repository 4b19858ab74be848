// GET /api/purchase-orders/:id → { purchaseOrder }; PUT { lines } replaces a draft's lines (owners and
// admins; 409 once it has been sent).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { PurchaseOrderLinesInput } from '~/areas/purchasing/purchase-order.schema'
import { findPurchaseOrder, replaceDraftLines } from '~/areas/purchasing/purchase-order.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PUT'],
  permission: 'work',
  methodPermissions: { PUT: 'purchasing' },
  operations: [
    { method: 'GET', summary: 'One purchase order', scope: 'purchasing:read', response: answer.PurchaseOrderEnvelope },
    { method: 'PUT', summary: 'Change a draft purchase order’s lines (owners and admins)', scope: 'purchasing:write', body: PurchaseOrderLinesInput, response: answer.PurchaseOrderEnvelope },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return { purchaseOrder: await findPurchaseOrder(manager.orgId, params.id!) }
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT') methodNotAllowed()
  requirePermission(manager, 'purchasing')
  const { lines } = await readJson(request, PurchaseOrderLinesInput)
  return { purchaseOrder: await replaceDraftLines(manager.orgId, params.id!, lines) }
}, { methods: ['PUT'] })
