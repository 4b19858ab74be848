// GET /api/dispatch/assignments: current assignments (neither delivered nor cancelled).
import { apiLoader } from '~/lib/http.server'
import { listCurrentAssignments } from '~/models/assignment.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

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
