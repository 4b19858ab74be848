// POST /api/dispatch/assign { requestId, runnerId, notes }: 201 with the assignment (its smsStatus
// tells whether the runner was texted) and the shareable delivery link.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { publicOrigin } from '~/lib/public-url.server'
import { AssignInput } from '~/lib/schemas/dispatch'
import { assignRunner } from '~/models/assignment.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const manager = await requireApiManager(request)
  return assignRunner(manager.orgId, await readJson(request, AssignInput), publicOrigin(request))
})
