// POST /api/purchase-orders/:id/receive { lines: [{ productId, quantity }] }: what arrived, whole or in
// part (any member) → { purchaseOrder }. Each line's quantity goes onto the depot's shelf as a receive
// movement; more than is still to come is a 400 with fieldErrors, a draft, cancelled or received order a 409.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { ReceiveInput } from '~/areas/purchasing/purchase-order.schema'
import { receivePurchaseOrder } from '~/areas/purchasing/purchase-order.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [{ method: 'POST', summary: 'Receive a purchase order, whole or in part', scope: 'purchasing:write', body: ReceiveInput, success: 200, response: answer.PurchaseOrderEnvelope }],
}

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'POST') methodNotAllowed()
    const { lines } = await readJson(request, ReceiveInput)
    return { purchaseOrder: await receivePurchaseOrder(manager.orgId, manager.userId, params.id!, lines) }
  },
  { createdOnPost: false },
)
