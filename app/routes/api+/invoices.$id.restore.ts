// PATCH /api/invoices/:id/restore
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { restoreInvoice } from '~/areas/billing/invoice.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['PATCH'],
  permission: 'work',
  operations: [
    { method: 'PATCH', summary: 'Restore an archived invoice' },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PATCH') methodNotAllowed()
  return restoreInvoice(manager.orgId, params.id!)
}, { methods: ['PATCH'] })
