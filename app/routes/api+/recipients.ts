// GET /api/recipients: the organisation's saved recipients, to prefill an invoice.
import { apiLoader } from '~/lib/http.server'
import { listRecipients } from '~/areas/billing/recipient.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Invoice recipients', scope: 'invoices:read' },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return listRecipients(manager.orgId)
})
