// POST /api/dispatch/assign/:id/link: a new shareable delivery link { shareableUrl }; the previous link stops working.
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { generateDeliveryLink } from '~/models/assignment.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(
  async ({ request, params }) => {
    if (request.method !== 'POST') methodNotAllowed()
    const manager = await requireApiManager(request)
    return generateDeliveryLink(manager.orgId, params.id!, publicOrigin(request))
  },
  { createdOnPost: false },
)
