// GET /api/dispatch/runs/:id/pick-list: what to load into the van for a run, one line a product in
// shelf (bin) order, each with the run's stop numbers needing it (decision 135). A manager or an API
// key reads any of the organisation's runs; a runner's token (X-Runner-Token or ?token=) only their own.
import { apiLoader } from '~/lib/http.server'
import { Unauthorized } from '~/lib/errors'
import { pickListAnswer, pickListFor } from '~/areas/deliveries/pick-list.server'
import { tokenFrom } from '~/areas/deliveries/assignment.server'
import { findRunnerByToken, INVALID_TOKEN } from '~/areas/deliveries/runner.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key', 'runner-token'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [{ method: 'GET', summary: 'A run’s pick list: each product to load, its quantity, bin and the stops needing it', scope: 'dispatch:write' }],
}

export const loader = apiLoader(async ({ request, params }) => {
  const token = tokenFrom(request)
  if (token) {
    const runner = await findRunnerByToken(token)
    if (!runner || !runner.isActive) throw new Unauthorized(INVALID_TOKEN)
    return pickListAnswer(await pickListFor(runner.organisationId, params.id!, { runnerId: runner.id }))
  }
  const manager = await requireApiManager(request, contract)
  return pickListAnswer(await pickListFor(manager.orgId, params.id!))
})
