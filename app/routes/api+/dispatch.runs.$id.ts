// GET /api/dispatch/runs/:id: a run and its stops; PATCH { order: [propertyId…] }: the manager's own
// order of the stops (each stop's property id once).
import { apiAction, apiLoader, readJson } from '~/lib/http.server'
import { reorderRun, ReorderInput } from '~/areas/deliveries/run.server'
import { findRun, runAnswer } from '~/areas/deliveries/run-view.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PATCH'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'A run and its stops', scope: 'dispatch:write' },
    { method: 'PATCH', summary: 'Reorder a run’s stops ({ order: [propertyId…] })', scope: 'dispatch:write' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return runAnswer(await findRun(manager.orgId, params.id!))
})

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    const { order } = await readJson(request, ReorderInput)
    return runAnswer(await reorderRun(manager.orgId, params.id!, order))
  },
  { methods: ['PATCH'] },
)
