import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { deleteStandingOrder } from '~/areas/requests/standing-order.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['DELETE'],
  permission: 'work',
  operations: [
    { method: 'DELETE', summary: 'Stop a standing order', scope: 'requests:write' },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'DELETE') methodNotAllowed()
  await deleteStandingOrder(manager.orgId, params.id!)
  return undefined
}, { methods: ['DELETE'] })
