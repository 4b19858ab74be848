// GET /api/stats: the dashboard counters.
import { apiLoader } from '~/lib/http.server'
import { requestStats } from '~/areas/insights/stats.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Dashboard figures', scope: 'requests:read' },
  ],
}

export const loader = apiLoader(async ({ request }) => requestStats((await requireApiManager(request, contract)).orgId))
