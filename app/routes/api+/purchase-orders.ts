// GET /api/purchase-orders (newest first; ?status=) and POST /api/purchase-orders
// { supplierId, depotId, lines: [{ productId, quantity, unitCost }] } (owners and admins)
// → 201 { purchaseOrder: { id, number, status, lines, total, … } }, a draft numbered PO-2026-0001.
import { z } from 'zod'
import { apiAction, apiLoader, methodNotAllowed, parseWith, readJson } from '~/lib/http.server'
import { PURCHASE_ORDER_STATUSES, PurchaseOrderInput } from '~/areas/purchasing/purchase-order.schema'
import { createPurchaseOrder, listPurchaseOrders } from '~/areas/purchasing/purchase-order.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const ListQuery = z.object({ status: z.enum(PURCHASE_ORDER_STATUSES).optional() })

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  methodPermissions: { POST: 'purchasing' },
  operations: [
    { method: 'GET', summary: 'List purchase orders', scope: 'purchasing:read', query: ListQuery, response: answer.PurchaseOrderListAnswer },
    { method: 'POST', summary: 'Draft a purchase order (owners and admins)', scope: 'purchasing:write', body: PurchaseOrderInput, response: answer.PurchaseOrderEnvelope },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const query = parseWith(ListQuery, Object.fromEntries(new URL(request.url).searchParams))
  return { purchaseOrders: await listPurchaseOrders(manager.orgId, query) }
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  requirePermission(manager, 'purchasing')
  return { purchaseOrder: await createPurchaseOrder(manager.orgId, manager.userId, await readJson(request, PurchaseOrderInput)) }
})
