// PATCH /api/members/:userId { role }: an owner or admin changes a member's role (owners only for
// the owner role); DELETE removes them (one's own id: leaving). 403 for members, 404 for someone
// outside the organisation, 409 for the last owner.
import { apiAction, readJson } from '~/lib/http.server'
import { changeMemberRole, removeMember, RoleInput } from '~/models/membership.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request)
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
