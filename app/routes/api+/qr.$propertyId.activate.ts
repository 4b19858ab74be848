import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { activatePropertyQr } from '~/areas/catalogue/property.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'Turn a property’s QR code on or off', scope: 'catalog:write' },
  ],
}

// Activating changes a property rather than creating anything: 200, not 201.
export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'POST') methodNotAllowed()
    return activatePropertyQr(manager.orgId, params.propertyId!, publicOrigin(request))
  },
  { createdOnPost: false },
)

