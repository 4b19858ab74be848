import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { StandingOrderInput } from '~/lib/schemas/standing-order'
import { createStandingOrder, listStandingOrders } from '~/models/standing-order.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'
import { z } from 'zod'
import * as answer from '~/lib/schemas/responses'

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
