// GET /api/vendor/properties/:propertyId/products (spec §7): the active products assigned to an
// active property, without prices or anything else of the organisation's.
// `?lang=` (issue 15): names and descriptions in that vendor language where translated.
import { z } from 'zod'
import { VENDOR_LANGUAGE_CODES, type VendorLanguage } from '~/i18n/config'
import { apiLoader, parseWith } from '~/lib/http.server'
import { inLanguage } from '~/areas/catalogue/product-translation.server'
import { findStorefront, listStorefrontProducts } from '~/areas/catalogue/storefront.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const Query = z.object({
  lang: z.enum(VENDOR_LANGUAGE_CODES as [VendorLanguage, ...VendorLanguage[]], { error: `Language must be one of ${VENDOR_LANGUAGE_CODES.join(', ')}` }).optional(),
})

export const contract: RouteContract = {
  kind: 'api',
  callers: ['anonymous'],
  methods: ['GET', 'HEAD'],
  operations: [
    { method: 'GET', summary: 'Products vendors can ask for', query: Query, response: z.array(answer.VendorProductAnswer) },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const { lang } = parseWith(Query, Object.fromEntries(new URL(request.url).searchParams))
  const property = await findStorefront(params.propertyId!)
  return inLanguage(await listStorefrontProducts(property.id), lang ?? '')
})
