// PATCH /api/dispatch/assign/:id { status, handoverCode?, nobodyThere? }: the runner (X-Runner-Token or ?token=), the holder of the
// delivery link (its token), or a signed-in manager moves the assignment on; the rules are the model's.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { StatusInput } from '~/areas/deliveries/dispatch.schema'
import { assignmentView, openAssignment, openAssignmentAsManager, tokenFrom } from '~/areas/deliveries/assignment.server'
import { changeAssignmentStatus } from '~/areas/deliveries/delivery-progress.server'
import { idempotencyKeyOf, onceByKey } from '~/areas/requests/idempotent-submission.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'runner-token', 'delivery-token'],
  methods: ['PATCH'],
  permission: 'work',
  operations: [
    { method: 'PATCH', summary: 'Move an assignment on', scope: 'dispatch:write', body: StatusInput, headers: [{ name: 'Idempotency-Key', description: 'Send the same key again to repeat a change safely: a retry answers the assignment as it is, without changing it twice (8 to 100 letters, digits, - or _).' }] },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  if (request.method !== 'PATCH') methodNotAllowed()
  const token = tokenFrom(request)
  const orgId = token ? null : (await requireApiManager(request, contract)).orgId
  const reopen = () => (orgId ? openAssignmentAsManager(orgId, params.id!) : openAssignment(params.id!, token))
  const access = await reopen()
  const { status, handoverCode, nobodyThere } = await readJson(request, StatusInput)
  return onceByKey(
    idempotencyKeyOf(request),
    { assignmentId: access.assignment.id, kind: 'status' },
    () => changeAssignmentStatus(access, status, { handoverCode, nobodyThere, origin: publicOrigin(request) }),
    async () => assignmentView(await reopen()),
  )
}, { methods: ['PATCH'] })
