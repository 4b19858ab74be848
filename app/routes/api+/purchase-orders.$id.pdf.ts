// GET /api/purchase-orders/:id/pdf: the purchase order as a PDF download, with the organisation's letterhead.
import { apiLoader } from '~/lib/http.server'
import { purchaseOrderPdf } from '~/areas/purchasing/purchase-order-document.server'
import { requireApiManager } from '~/areas/people/auth.server'
import { pdfHeaders } from '~/lib/pdf.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'resource',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [{ method: 'GET', summary: 'A purchase order as PDF', scope: 'purchasing:read', pdf: true }],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const { pdf, fileName } = await purchaseOrderPdf(manager.orgId, params.id!)
  return new Response(new Uint8Array(pdf), {
    headers: { ...pdfHeaders(fileName, { download: true }), 'Content-Length': String(pdf.length) },
  })
})
