// POST /api/runners: a manager adds a runner; 201 with { id, name, phone, email, authToken }, the only
// time the token is ever shown.
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { RunnerInput } from '~/lib/schemas/dispatch'
import { createRunner } from '~/models/runner.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request }) => {
  if (request.method !== 'POST') methodNotAllowed()
  const manager = await requireApiManager(request)
  return createRunner(manager.orgId, await readJson(request, RunnerInput))
})
