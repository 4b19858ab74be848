// GET /api/dispatch/queue: pending requests no active assignment covers.
import { apiLoader } from '~/lib/http.server'
import { dispatchQueue } from '~/models/dispatch-board.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return dispatchQueue(manager.orgId)
})
