// GET /api/members: the active organisation's people, { members: [{ userId, email, name, role, joinedAt, lastActiveAt }] }.
// Any member may see who is in their team; changing it is for owners and admins.
import { apiLoader } from '~/lib/http.server'
import { listMembers } from '~/areas/people/membership.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

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
