// GET /api/delivery/:assignmentId?token=: the delivery order behind a shareable link (or the runner's
// own token): 401 'Invalid authentication token', 404 'Order not found'. A stop of a run also
// answers `run: { id, stop, stops, etaFrom, etaTo }` (issue 30); the rest keeps its shape.
import { apiLoader } from '~/lib/http.server'
import { deliveryOrder, openAssignment, tokenFrom } from '~/areas/deliveries/assignment.server'
import { runProgressOfAssignment } from '~/areas/deliveries/run-estimate.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['runner-token', 'delivery-token'],
  methods: ['GET', 'HEAD'],
  operations: [
    { method: 'GET', summary: 'A delivery as the runner’s link shows it' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const access = await openAssignment(params.assignmentId!, tokenFrom(request))
  const inRun = await runProgressOfAssignment(access.assignment.organisationId, access.assignment.id)
  const order = deliveryOrder(access)
  return inRun?.progress ? { ...order, run: inRun.progress } : order
})
