// DELETE /api/invitations/:id: revokes an invitation; its link opens nothing any more.
import { apiAction } from '~/lib/http.server'
import { revokeInvitation } from '~/areas/people/invitation.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

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
