// GET /api/invoices (the organisation's invoices, newest first, a page at a time; optional
// ?tab=active|archived|all, ?status=, ?q=, ?limit= (default 100, at most 500) and ?cursor= from the
// X-Next-Cursor header or the Link header's rel="next", as GET /api/requests) and POST /api/invoices
// (create one by hand). The billing page reads the same pages (pageInvoices).
import { z } from 'zod'
import { apiAction, apiLoader, methodNotAllowed, nextPageHeaders, parseWith, readJson } from '~/lib/http.server'
import { INVOICE_STATUSES, InvoiceInput } from '~/areas/billing/invoice.schema'
import { createInvoice } from '~/areas/billing/invoice.server'
import { pageInvoices } from '~/areas/billing/invoice-page.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const ListQuery = z.object({
  tab: z.enum(['active', 'archived', 'all']).optional(),
  status: z.enum(['all', ...INVOICE_STATUSES]).optional(),
  q: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(500).default(100),
})

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'List invoices', scope: 'invoices:read', query: ListQuery },
    { method: 'POST', summary: 'Create an invoice', body: InvoiceInput },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const url = new URL(request.url)
  const { cursor, ...query } = parseWith(ListQuery, Object.fromEntries(url.searchParams))
  // An organisation's whole history in one answer was thousands of invoices (and, past SQLite's
  // parameter limit, a 500); a page is bounded whatever it holds.
  const page = await pageInvoices(manager.orgId, { ...query, after: cursor })
  const headers = nextPageHeaders(url, page.nextCursor)
  return Response.json(page.invoices, { headers })
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  return createInvoice(manager.orgId, await readJson(request, InvoiceInput))
})
