// GET /api/invoices (the organisation's invoices; optional ?tab=active|archived|all, ?status=, ?q=)
// and POST /api/invoices (create one by hand).
import { z } from 'zod'
import { apiAction, apiLoader, methodNotAllowed, parseWith, readJson } from '~/lib/http.server'
import { INVOICE_STATUSES, InvoiceInput } from '~/lib/schemas/invoice'
import { createInvoice, listInvoices } from '~/models/invoice.server'
import { requireApiManager } from '~/services/auth.server'

export const ListQuery = z.object({
  tab: z.enum(['active', 'archived', 'all']).optional(),
  status: z.enum(['all', ...INVOICE_STATUSES]).optional(),
  q: z.string().max(200).optional(),
})

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  const query = parseWith(ListQuery, Object.fromEntries(new URL(request.url).searchParams))
  return listInvoices(manager.orgId, query)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  return createInvoice(manager.orgId, await readJson(request, InvoiceInput))
})
