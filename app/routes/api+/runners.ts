// POST /api/runners: a manager adds a runner; 201 with { id, name, phone, email, authToken }, the only
// time the token is ever shown.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { RunnerInput } from '~/areas/deliveries/dispatch.schema'
import { createRunner } from '~/areas/deliveries/runner.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'Add a runner', scope: 'dispatch:write', body: RunnerInput },
  ],
}

export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const manager = await requireApiManager(request, contract)
  return createRunner(manager.orgId, await readJson(request, RunnerInput))
})
