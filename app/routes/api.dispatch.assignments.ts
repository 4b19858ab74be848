// GET /api/dispatch/assignments: current assignments (neither delivered nor cancelled).
import { apiLoader } from '~/lib/http.server'
import { listCurrentAssignments } from '~/models/assignment.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return listCurrentAssignments(manager.orgId)
})
