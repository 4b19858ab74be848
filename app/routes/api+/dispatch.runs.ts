// POST /api/dispatch/runs { runnerId, requestIds }: 201 with the run, its stops in the planned order.
// All or nothing: an unknown request or runner 404, a request no longer pending 409, an inactive
// runner 400, and then nothing is assigned. Its orders are held at the run's depot; `shortages` lists
// [{ productId, needed, available, name }] the shelf could not cover.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { createRun, RunInput } from '~/areas/deliveries/run.server'
import { runAnswer } from '~/areas/deliveries/run-view.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'Give several pending requests to one runner as a run, stops in a planned order', scope: 'dispatch:write' },
  ],
}

export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const manager = await requireApiManager(request, contract)
  const run = await createRun(manager.orgId, await readJson(request, RunInput), publicOrigin(request))
  // What the depot could not cover comes with the run (issue 37): the run is made all the same.
  return { ...runAnswer(run), shortages: run.shortages }
})
