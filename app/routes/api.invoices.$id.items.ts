// GET /api/invoices/:id/items: the invoice's lines with vendorName, propertyAddress and requestDate.
import { apiLoader } from '~/lib/http.server'
import { invoiceItems } from '~/models/invoice.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return invoiceItems(manager.orgId, params.id!)
})
