// POST /api/purchase-orders/:id/send: e-mails a draft to its supplier with the PDF and marks it sent
// (owners and admins) → { purchaseOrder, to, delivery }. 409 for an order that is not a draft or a
// supplier without an e-mail address; 502 when the mail could not go (the order stays a draft).
import { json } from '@remix-run/node'
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { sendPurchaseOrder } from '~/areas/purchasing/purchase-order-document.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import { DomainError } from '~/lib/errors'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin', 'api-key'],
  methods: ['POST'],
  permission: 'purchasing',
  operations: [{ method: 'POST', summary: 'Send a draft purchase order to its supplier by e-mail (owners and admins)', scope: 'purchasing:write', success: 200, response: answer.SentPurchaseOrderAnswer }],
}

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'POST') methodNotAllowed()
    requirePermission(manager, 'purchasing')
    try {
      return await sendPurchaseOrder(manager.orgId, params.id!)
    } catch (err) {
      if (err instanceof DomainError) throw err
      const error = `The e-mail could not be sent: ${err instanceof Error ? err.message : String(err)}`
      console.warn(`Purchase order ${params.id}:`, error)
      return json({ error }, { status: 502 })
    }
  },
  { createdOnPost: false },
)
