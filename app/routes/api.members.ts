// GET /api/members: the active organisation's people, { members: [{ userId, email, name, role, joinedAt, lastActiveAt }] }.
// Any member may see who is in their team; changing it is for owners and admins.
import { apiLoader } from '~/lib/http.server'
import { listMembers } from '~/models/membership.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  requirePermission(manager, 'work')
  return { members: await listMembers(manager.orgId) }
})
