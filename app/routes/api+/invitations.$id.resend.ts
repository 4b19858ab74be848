// POST /api/invitations/:id/resend: a new link, valid seven days; the old one stops working.
import { apiAction } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { resendInvitation } from '~/areas/people/invitation.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { displayName } from '~/areas/people/user.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['POST'],
  permission: 'team',
  operations: [
    { method: 'POST', summary: 'Send an invitation again with a new link (owners and admins)', success: 200, response: answer.InvitationCreatedAnswer },
  ],
}

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    requirePermission(manager, 'team')
    return resendInvitation(manager.orgId, { userId: manager.userId, name: displayName(manager) }, params.id!, publicOrigin(request))
  },
  { createdOnPost: false },
)
