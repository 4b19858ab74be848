// PUT /api/depots/:id/stock/:productId { reorderPoint, reorderQuantity, bin }: a product's reorder
// settings and bin at a depot (owners and admins); null clears one. On hand moves only by movements.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { updateStockSettings } from '~/areas/stock/depot-stock.server'
import { StockSettingsInput } from '~/areas/stock/stock.schema'
import * as answer from '~/areas/stock/stock-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['PUT'],
  permission: 'stock',
  operations: [{ method: 'PUT', summary: 'Set a product’s reorder point, reorder quantity and bin at a depot (owners and admins)', scope: 'stock:write', body: StockSettingsInput, response: answer.StockLineUpdatedAnswer }],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT') methodNotAllowed()
  requirePermission(manager, 'stock')
  return { stock: await updateStockSettings(manager.orgId, params.id!, params.productId!, await readJson(request, StockSettingsInput)) }
}, { methods: ['PUT'] })
