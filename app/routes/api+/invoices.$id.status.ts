// PATCH /api/invoices/:id/status: { status: draft | sent | paid }. Overdue is never set: it is shown.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { InvoiceStatusInput } from '~/areas/billing/invoice.schema'
import { setInvoiceStatus } from '~/areas/billing/invoice.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['PATCH'],
  permission: 'work',
  operations: [
    { method: 'PATCH', summary: 'Change an invoice’s status', body: InvoiceStatusInput },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PATCH') methodNotAllowed()
  const { status } = await readJson(request, InvoiceStatusInput)
  return setInvoiceStatus(manager.orgId, params.id!, status)
}, { methods: ['PATCH'] })
