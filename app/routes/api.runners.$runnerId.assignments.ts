// GET /api/runners/:runnerId/assignments?token= (or X-Runner-Token): the runner's active assignments,
// then their recent deliveries; addresses only for deliveries under way.
import { apiLoader } from '~/lib/http.server'
import { runnerAssignments, tokenFrom } from '~/models/assignment.server'
import { authenticateRunner } from '~/models/runner.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['runner-token'],
  methods: ['GET', 'HEAD'],
  operations: [
    // Documented for managers and keys (dispatch:write) since issue 17, though only a runner's token opens it: kept, see decision 121.
    { method: 'GET', summary: 'A runner’s assignments', scope: 'dispatch:write', access: 'manager' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const runner = await authenticateRunner(params.runnerId!, tokenFrom(request))
  const { active, completed } = await runnerAssignments(runner.id)
  return [...active, ...completed]
})
