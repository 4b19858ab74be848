// GET /api/runners/:runnerId/assignments?token= (or X-Runner-Token): the runner's active assignments,
// then their recent deliveries; addresses only for deliveries under way.
import { apiLoader } from '~/lib/http.server'
import { runnerAssignments, tokenFrom } from '~/models/assignment.server'
import { authenticateRunner } from '~/models/runner.server'

export const loader = apiLoader(async ({ request, params }) => {
  const runner = await authenticateRunner(params.runnerId!, tokenFrom(request))
  const { active, completed } = await runnerAssignments(runner.id)
  return [...active, ...completed]
})
