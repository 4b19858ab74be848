// POST /api/runners/:runnerId/position { latitude, longitude } with X-Runner-Token (or ?token=): the
// runner's phone shares where it is, with their consent, while a delivery is in transit (issue 30).
// 200 { kept } (a second position within 30 s is answered, not kept); 409 once nothing is in transit.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { tokenFrom } from '~/areas/deliveries/assignment.server'
import { PositionInput, recordPosition } from '~/areas/deliveries/runner-position.server'
import { authenticateRunner } from '~/areas/deliveries/runner.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['runner-token'],
  methods: ['POST'],
  operations: [
    { method: 'POST', summary: 'Share the runner’s position while a delivery is in transit (their token)' },
  ],
}

export const action = apiAction(
  async ({ request, params }) => {
    if (request.method !== 'POST') methodNotAllowed()
    const runner = await authenticateRunner(params.runnerId!, tokenFrom(request))
    return recordPosition(runner, await readJson(request, PositionInput))
  },
  { createdOnPost: false },
)
