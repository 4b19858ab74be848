// GET /api/runners/:runnerId/assignments?token= (or X-Runner-Token): the runner's active assignments,
// then their recent deliveries; addresses only for deliveries under way.
import { apiLoader } from '~/lib/http.server'
import { runnerAssignments, tokenFrom } from '~/areas/deliveries/assignment.server'
import { authenticateRunner } from '~/areas/deliveries/runner.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['runner-token'],
  methods: ['GET', 'HEAD'],
  operations: [
    // The runner's own token opens it, never a manager's session or an API key (decision 121).
    { method: 'GET', summary: 'A runner’s assignments', access: 'runner' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const runner = await authenticateRunner(params.runnerId!, tokenFrom(request))
  const { active, completed } = await runnerAssignments(runner.id)
  return [...active, ...completed]
})
