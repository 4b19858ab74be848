// GET /api/dispatch/runs/:id/pick-list/pdf: the run's pick list as a sheet to carry along the shelves.
import { apiLoader } from '~/lib/http.server'
import { pickListPdf } from '~/areas/deliveries/pick-list-document.server'
import { requireApiManager } from '~/areas/people/auth.server'
import { pdfHeaders } from '~/lib/pdf.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'resource',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [{ method: 'GET', summary: 'A run’s pick list as PDF', scope: 'dispatch:write', pdf: true }],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const { pdf, fileName } = await pickListPdf(manager.orgId, params.id!)
  return new Response(new Uint8Array(pdf), {
    headers: { ...pdfHeaders(fileName), 'Content-Length': String(pdf.length) },
  })
})
