// GET /api/invoices/:id (one invoice) and DELETE /api/invoices/:id (permanent; archived invoices only, 409 otherwise).
import { apiAction, apiLoader, methodNotAllowed } from '~/lib/http.server'
import { deleteInvoice, findInvoice } from '~/areas/billing/invoice.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'DELETE'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'One invoice', scope: 'invoices:read' },
    { method: 'DELETE', summary: 'Delete a draft invoice' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return findInvoice(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'DELETE') methodNotAllowed()
  await deleteInvoice(manager.orgId, params.id!)
  return undefined
}, { methods: ['DELETE'] })
