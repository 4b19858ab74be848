// POST /api/dispatch/assign/:id/proof { imageUrl, thumbnailUrl, notes } with the runner's or the
// delivery link's token (X-Runner-Token or ?token=): 201 with the proof; 409 outside in_transit or
// delivered, or when a proof already exists. The photo was uploaded first through /api/upload.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { ProofInput } from '~/areas/deliveries/dispatch.schema'
import { openAssignment, tokenFrom } from '~/areas/deliveries/assignment.server'
import { submitProof } from '~/areas/deliveries/delivery-progress.server'
import { idempotencyKeyOf, onceByKey } from '~/areas/requests/idempotent-submission.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['runner-token', 'delivery-token'],
  methods: ['POST'],
  operations: [
    // A runner's or a delivery link's token opens it, never a manager's session or an API key (decision 121).
    { method: 'POST', summary: 'Record a delivery proof', access: 'runner', body: ProofInput },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const access = await openAssignment(params.id!, tokenFrom(request))
  const input = await readJson(request, ProofInput)
  // A queued proof sent again with its key answers the proof already recorded, never a second one.
  return onceByKey(
    idempotencyKeyOf(request),
    { assignmentId: access.assignment.id, kind: 'proof' },
    () => submitProof(access, input),
    async () => (await openAssignment(params.id!, tokenFrom(request))).assignment.proof,
  )
})
