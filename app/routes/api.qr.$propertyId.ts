import { apiLoader } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { findProperty, propertyQrUrl } from '~/models/property.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

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
