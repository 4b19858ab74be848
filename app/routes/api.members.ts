// GET /api/members: the active organisation's people, { members: [{ userId, email, name, role, joinedAt, lastActiveAt }] }.
// Any member may see who is in their team; changing it is for owners and admins.
import { apiLoader } from '~/lib/http.server'
import { listMembers } from '~/models/membership.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'
import * as answer from '~/lib/schemas/responses'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'The organisation’s members', response: answer.MembersAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  requirePermission(manager, 'work')
  return { members: await listMembers(manager.orgId) }
})
