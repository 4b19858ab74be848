import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { StandingOrderInput } from '~/areas/requests/standing-order.schema'
import { createStandingOrder, listStandingOrders } from '~/areas/requests/standing-order.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'List standing orders', scope: 'requests:read', response: z.array(answer.StandingOrderAnswer) },
    { method: 'POST', summary: 'Create a standing order (it enters requests on its schedule)', scope: 'requests:write', body: StandingOrderInput, response: answer.StandingOrderAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return listStandingOrders(manager.orgId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  return createStandingOrder(manager.orgId, await readJson(request, StandingOrderInput))
})
