// POST /api/purchase-orders/:id/cancel: a draft or sent order is called off (owners and admins) →
// { purchaseOrder }; 409 once anything has arrived on it.
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { cancelPurchaseOrder } from '~/areas/purchasing/purchase-order.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin', 'api-key'],
  methods: ['POST'],
  permission: 'purchasing',
  operations: [{ method: 'POST', summary: 'Cancel a purchase order (owners and admins)', scope: 'purchasing:write', success: 200, response: answer.PurchaseOrderEnvelope }],
}

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'POST') methodNotAllowed()
    requirePermission(manager, 'purchasing')
    return { purchaseOrder: await cancelPurchaseOrder(manager.orgId, params.id!) }
  },
  { createdOnPost: false },
)
