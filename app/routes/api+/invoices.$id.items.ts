// GET /api/invoices/:id/items: the invoice's lines with vendorName, propertyAddress and requestDate.
import { apiLoader } from '~/lib/http.server'
import { invoiceItems } from '~/areas/billing/invoice-lines.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

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
