// POST /api/vendor/qr/:propertyId/scan (spec §7): the vendor page reports a scan once per page load.
// A visit counts once, whether the page's script or the server's first render got there first.
import { json } from '@remix-run/node'
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { isNewVisit, visitHeader } from '~/areas/requests/vendor-cart.server'
import { recordScan } from '~/areas/catalogue/scan.server'
import { findStorefront } from '~/areas/catalogue/storefront.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['anonymous'],
  methods: ['POST'],
  operations: [
    { method: 'POST', summary: 'Count a QR scan' },
  ],
}


export const action = apiAction(
  async ({ request, params }) => {
    if (request.method !== 'POST') methodNotAllowed()
    const propertyId = params.propertyId!
    if (!(await isNewVisit(request, propertyId))) {
      await findStorefront(propertyId)
      return { counted: false }
    }
    await recordScan(propertyId)
    return json({ counted: true }, { headers: { 'Set-Cookie': await visitHeader(propertyId) } })
  },
  { createdOnPost: false },
)
