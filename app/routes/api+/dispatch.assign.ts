// POST /api/dispatch/assign { requestId, runnerId, notes }: 201 with the assignment (its smsStatus
// tells whether the runner was texted), the shareable delivery link and `shortages`: what the depot could
// not cover of the request's items, which are held there all the same (issue 37).
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { AssignInput } from '~/areas/deliveries/dispatch.schema'
import { assignRunner } from '~/areas/deliveries/assign-runner.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['POST'],
  permission: 'work',
  operations: [
    { method: 'POST', summary: 'Assign a runner to a request', scope: 'dispatch:write', body: AssignInput },
  ],
}

export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const manager = await requireApiManager(request, contract)
  // Whom the requester updates went to is the page's toast; the API's answer stays the assignment.
  const { requesterUpdates: _told, ...assignment } = await assignRunner(manager.orgId, await readJson(request, AssignInput), publicOrigin(request))
  return assignment
})
