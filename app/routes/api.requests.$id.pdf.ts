// GET /api/requests/:id/pdf: the request as a PDF download.
import { apiLoader } from '~/lib/http.server'
import { requestPdf } from '~/models/request-document.server'
import { requireApiManager } from '~/services/auth.server'
import { pdfHeaders } from '~/services/pdf.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  const { pdf, fileName } = await requestPdf(manager.orgId, params.id!)
  return new Response(new Uint8Array(pdf), {
    headers: { ...pdfHeaders(fileName, { download: true }), 'Content-Length': String(pdf.length) },
  })
})
