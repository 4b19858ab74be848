// POST /api/dispatch/assign/:id/link: a new shareable delivery link { shareableUrl }; the previous link stops working.
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { generateDeliveryLink } from '~/areas/deliveries/assignment.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'A new delivery link for an assignment', scope: 'dispatch:write' },
  ],
}

export const action = apiAction(
  async ({ request, params }) => {
    if (request.method !== 'POST') methodNotAllowed()
    const manager = await requireApiManager(request, contract)
    return generateDeliveryLink(manager.orgId, params.id!, publicOrigin(request))
  },
  { createdOnPost: false },
)
