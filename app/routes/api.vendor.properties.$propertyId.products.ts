// GET /api/vendor/properties/:propertyId/products (spec §7): the active products assigned to an
// active property, without prices or anything else of the organisation's.
import { apiLoader } from '~/lib/http.server'
import { findStorefront, listStorefrontProducts } from '~/models/storefront.server'

export const loader = apiLoader(async ({ params }) => {
  const property = await findStorefront(params.propertyId!)
  return listStorefrontProducts(property.id)
})
