// DELETE /api/invitations/:id: revokes an invitation; its link opens nothing any more.
import { apiAction } from '~/lib/http.server'
import { revokeInvitation } from '~/models/invitation.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'
import * as answer from '~/lib/schemas/responses'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['DELETE'],
  permission: 'team',
  operations: [
    { method: 'DELETE', summary: 'Revoke an invitation (owners and admins)', success: 200, response: answer.InvitationRevokedAnswer },
  ],
}

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    requirePermission(manager, 'team')
    return revokeInvitation(manager.orgId, params.id!)
  },
  { methods: ['DELETE'] },
)
