// POST /api/invoices/email: { invoiceId } → sends the invoice with its PDF. A failed send is recorded
// on the invoice and answered 502 with the reason, so the caller's error toast can show it.
import { json } from '@remix-run/node'
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { InvoiceEmailInput } from '~/areas/billing/invoice.schema'
import { emailInvoice } from '~/areas/billing/invoice-document.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'E-mail an invoice', body: InvoiceEmailInput, success: 200 },
  ],
}

export const action = apiAction(
  async ({ request }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'POST') methodNotAllowed()
    const { invoiceId } = await readJson(request, InvoiceEmailInput)
    const outcome = await emailInvoice(manager.orgId, invoiceId)
    if (outcome.error) return json({ error: outcome.error, invoice: outcome.invoice }, { status: 502 })
    const message = outcome.delivery === 'outbox' ? 'Invoice sent to outbox' : `Invoice sent to ${outcome.invoice.recipientEmail}`
    return { message, delivery: outcome.delivery, invoice: outcome.invoice }
  },
  { createdOnPost: false },
)
