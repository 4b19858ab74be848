// POST /api/runners/:runnerId/token: a manager gives the runner a new token (200 with it, shown once);
// the old token and its portal links stop working.
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { rotateRunnerToken } from '~/areas/deliveries/runner.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'A new runner link', scope: 'dispatch:write' },
  ],
}

export const action = apiAction(
  async ({ request, params }) => {
    if (request.method !== 'POST') methodNotAllowed()
    const manager = await requireApiManager(request, contract)
    return rotateRunnerToken(manager.orgId, params.runnerId!)
  },
  { createdOnPost: false },
)
