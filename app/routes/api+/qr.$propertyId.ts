import { apiLoader } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { findProperty, propertyQrUrl } from '~/areas/catalogue/property.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'A property’s QR code', scope: 'catalog:read' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const property = await findProperty(manager.orgId, params.propertyId!)
  return { url: propertyQrUrl(property, publicOrigin(request)) }
})
