import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { deleteStandingOrder } from '~/models/standing-order.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'DELETE') methodNotAllowed()
  await deleteStandingOrder(manager.orgId, params.id!)
  return undefined
}, { methods: ['DELETE'] })
