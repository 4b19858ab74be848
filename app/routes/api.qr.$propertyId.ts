import { apiLoader } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { findProperty, propertyQrUrl } from '~/models/property.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  const property = await findProperty(manager.orgId, params.propertyId!)
  return { url: propertyQrUrl(property, publicOrigin(request)) }
})
