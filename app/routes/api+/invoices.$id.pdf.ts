// GET /api/invoices/:id/pdf: the invoice as a PDF download.
import { apiLoader } from '~/lib/http.server'
import { invoicePdf } from '~/areas/billing/invoice-document.server'
import { requireApiManager } from '~/areas/people/auth.server'
import { pdfHeaders } from '~/lib/pdf.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'resource',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'An invoice as PDF', scope: 'invoices:read', pdf: true },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const { pdf, fileName } = await invoicePdf(manager.orgId, params.id!)
  return new Response(new Uint8Array(pdf), {
    headers: { ...pdfHeaders(fileName, { download: true }), 'Content-Length': String(pdf.length) },
  })
})
