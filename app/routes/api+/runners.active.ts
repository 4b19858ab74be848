// GET /api/runners/active: the organisation's active runners, by name.
import { apiLoader } from '~/lib/http.server'
import { listActiveRunners } from '~/areas/deliveries/runner.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

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
