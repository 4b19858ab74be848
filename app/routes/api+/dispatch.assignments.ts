// GET /api/dispatch/assignments: current assignments (neither delivered nor cancelled).
import { apiLoader } from '~/lib/http.server'
import { listCurrentAssignments } from '~/areas/deliveries/assignment.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Current assignments', scope: 'dispatch:write' },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return listCurrentAssignments(manager.orgId)
})
