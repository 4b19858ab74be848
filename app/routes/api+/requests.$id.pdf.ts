// GET /api/requests/:id/pdf: the request as a PDF download.
import { apiLoader } from '~/lib/http.server'
import { requestPdf } from '~/areas/requests/request-document.server'
import { requireApiManager } from '~/areas/people/auth.server'
import { pdfHeaders } from '~/lib/pdf.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'resource',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'A request as PDF', scope: 'requests:read', pdf: true },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const { pdf, fileName } = await requestPdf(manager.orgId, params.id!)
  return new Response(new Uint8Array(pdf), {
    headers: { ...pdfHeaders(fileName, { download: true }), 'Content-Length': String(pdf.length) },
  })
})
