// GET /api/vendor/properties/:propertyId (spec §7): the property a vendor scanned; public, and only
// its name and address. Unknown and inactive properties answer 404 alike.
import { apiLoader } from '~/lib/http.server'
import { findStorefront } from '~/areas/catalogue/storefront.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['anonymous'],
  methods: ['GET', 'HEAD'],
  operations: [
    { method: 'GET', summary: 'A property as vendors see it' },
  ],
}

export const loader = apiLoader(async ({ params }) => findStorefront(params.propertyId!))
