// GET /api/invoices/:id/items: the invoice's lines with vendorName, propertyAddress and requestDate.
import { apiLoader } from '~/lib/http.server'
import { invoiceItems } from '~/models/invoice.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'An invoice’s lines', scope: 'invoices:read' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return invoiceItems(manager.orgId, params.id!)
})
