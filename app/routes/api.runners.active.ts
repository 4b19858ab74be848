// GET /api/runners/active: the organisation's active runners, by name.
import { apiLoader } from '~/lib/http.server'
import { listActiveRunners } from '~/models/runner.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return listActiveRunners(manager.orgId)
})
