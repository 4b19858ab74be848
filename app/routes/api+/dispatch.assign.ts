// POST /api/dispatch/assign { requestId, runnerId, notes }: 201 with the assignment (its smsStatus
// tells whether the runner was texted), the shareable delivery link and `shortages`: what the depot could
// not cover of the request's items, which are held there all the same (issue 37).
// A dispatcher assigns down the queue many times a minute: in production and tests the Express server
// answers it through the direct JSON lane (decision 064; signed-in callers since decision 137) by
// calling `directJsonAction`; Remix's action gives the same answer the same way.
import { actionFromDirectJson, directJson, parseWith, type DirectJsonInput } from '~/lib/http.server'
import { publicOriginFrom } from '~/lib/public-url.server'
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

async function assignFromJson(input: DirectJsonInput) {
  const manager = await requireApiManager(input.request(), contract)
  // Whom the requester updates went to is the page's toast; the API's answer stays the assignment.
  const { requesterUpdates: _told, ...assignment } = await assignRunner(manager.orgId, parseWith(AssignInput, input.body), publicOriginFrom(input.origin))
  return assignment
}

export const directJsonAction = directJson(assignFromJson)

export const action = actionFromDirectJson(directJsonAction)
