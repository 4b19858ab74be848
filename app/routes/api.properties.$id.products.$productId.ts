import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { removeProduct } from '~/models/property.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'DELETE') methodNotAllowed()
  return removeProduct(manager.orgId, params.id!, params.productId!)
}, { methods: ['DELETE'] })
