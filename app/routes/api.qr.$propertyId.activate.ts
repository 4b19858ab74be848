import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { activatePropertyQr } from '~/models/property.server'
import { requireApiManager } from '~/services/auth.server'

// Activating changes a property rather than creating anything: 200, not 201.
export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request)
    if (request.method !== 'POST') methodNotAllowed()
    return activatePropertyQr(manager.orgId, params.propertyId!, publicOrigin(request))
  },
  { createdOnPost: false },
)

