// GET /api/invitations: pending invitations (expired ones included, to resend). POST { email, role }:
// invites by e-mail, 201 { invitation: { id, email, role, expiresAt } }; the token is only ever in the
// e-mail. 409 for a member or an address already invited, 429 past 50 a day. Owners and admins only.
import { apiAction, apiLoader, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { InvitationInput } from '~/areas/people/team.schema'
import { inviteMember, listInvitations } from '~/areas/people/invitation.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { displayName } from '~/areas/people/user.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'team',
  operations: [
    { method: 'GET', summary: 'Pending invitations (owners and admins)', response: answer.InvitationsAnswer },
    { method: 'POST', summary: 'Invite someone by e-mail (owners and admins; the link is only in the e-mail)', body: InvitationInput, response: answer.InvitationCreatedAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  requirePermission(manager, 'team')
  return { invitations: await listInvitations(manager.orgId) }
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  requirePermission(manager, 'team')
  const input = await readJson(request, InvitationInput)
  return inviteMember(manager.orgId, { userId: manager.userId, name: displayName(manager) }, input, publicOrigin(request))
})
