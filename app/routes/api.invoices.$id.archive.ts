// PATCH /api/invoices/:id/archive
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { archiveInvoice } from '~/models/invoice.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PATCH') methodNotAllowed()
  return archiveInvoice(manager.orgId, params.id!)
}, { methods: ['PATCH'] })
