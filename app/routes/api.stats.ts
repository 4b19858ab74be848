// GET /api/stats: the dashboard counters.
import { apiLoader } from '~/lib/http.server'
import { requestStats } from '~/models/stats.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => requestStats((await requireApiManager(request)).orgId))
