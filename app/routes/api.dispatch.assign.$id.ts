// PATCH /api/dispatch/assign/:id { status }: the runner (X-Runner-Token or ?token=), the holder of the
// delivery link (its token), or a signed-in manager moves the assignment on; the rules are the model's.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { StatusInput } from '~/lib/schemas/dispatch'
import { changeAssignmentStatus, openAssignment, openAssignmentAsManager, tokenFrom } from '~/models/assignment.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  if (request.method !== 'PATCH') methodNotAllowed()
  const token = tokenFrom(request)
  const access = token ? await openAssignment(params.id!, token) : await openAssignmentAsManager((await requireApiManager(request)).orgId, params.id!)
  const { status } = await readJson(request, StatusInput)
  return changeAssignmentStatus(access, status)
}, { methods: ['PATCH'] })
