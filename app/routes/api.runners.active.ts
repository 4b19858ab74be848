// GET /api/runners/active: the organisation's active runners, by name.
import { apiLoader } from '~/lib/http.server'
import { listActiveRunners } from '~/models/runner.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Active runners', scope: 'dispatch:write' },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return listActiveRunners(manager.orgId)
})
