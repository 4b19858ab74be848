// PATCH /api/invoices/:id/restore
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { restoreInvoice } from '~/models/invoice.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PATCH') methodNotAllowed()
  return restoreInvoice(manager.orgId, params.id!)
}, { methods: ['PATCH'] })
