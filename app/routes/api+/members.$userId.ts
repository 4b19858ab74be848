// PATCH /api/members/:userId { role }: an owner or admin changes a member's role (owners only for
// the owner role); DELETE removes them (one's own id: leaving). 403 for members, 404 for someone
// outside the organisation, 409 for the last owner.
import { apiAction, readJson } from '~/lib/http.server'
import { changeMemberRole, removeMember, RoleInput } from '~/areas/people/membership.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['PATCH', 'DELETE'],
  permission: 'team',
  operations: [
    { method: 'PATCH', summary: 'Change a member’s role (owners and admins)', body: RoleInput, response: answer.MemberRoleAnswer },
    { method: 'DELETE', summary: 'Remove a member (owners and admins), or leave with one’s own id', success: 200, response: answer.MemberRemovedAnswer },
  ],
}

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    const userId = params.userId!
    if (request.method === 'DELETE') {
      // Anyone may leave; removing someone else is the team's business.
      if (userId !== manager.userId) requirePermission(manager, 'team')
      return removeMember(manager.orgId, manager, userId)
    }
    requirePermission(manager, 'team')
    const { role } = await readJson(request, RoleInput)
    return changeMemberRole(manager.orgId, manager.role, userId, role)
  },
  { methods: ['PATCH', 'DELETE'] },
)
