// DELETE /api/invitations/:id: revokes an invitation; its link opens nothing any more.
import { apiAction } from '~/lib/http.server'
import { revokeInvitation } from '~/models/invitation.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request)
    requirePermission(manager, 'team')
    return revokeInvitation(manager.orgId, params.id!)
  },
  { methods: ['DELETE'] },
)
