import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { StandingOrderInput } from '~/lib/schemas/standing-order'
import { createStandingOrder, listStandingOrders } from '~/models/standing-order.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return listStandingOrders(manager.orgId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  return createStandingOrder(manager.orgId, await readJson(request, StandingOrderInput))
})
