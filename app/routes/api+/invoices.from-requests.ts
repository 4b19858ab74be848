// POST /api/invoices/from-requests: { requestIds, invoiceData } → the new invoice (201).
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { InvoiceFromRequestsInput } from '~/areas/billing/invoice.schema'
import { invoiceFromRequests } from '~/areas/billing/invoice.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'Invoice delivered requests', body: InvoiceFromRequestsInput },
  ],
}

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  return invoiceFromRequests(manager.orgId, await readJson(request, InvoiceFromRequestsInput))
})
