import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { ParLevelInput } from '~/lib/schemas/reorder'
import { removeProduct } from '~/models/property.server'
import { setParLevel } from '~/models/reorder.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method === 'PUT') {
    const { parLevel } = await readJson(request, ParLevelInput)
    return setParLevel(manager.orgId, params.id!, params.productId!, parLevel)
  }
  if (request.method !== 'DELETE') methodNotAllowed()
  return removeProduct(manager.orgId, params.id!, params.productId!)
}, { methods: ['PUT', 'DELETE'] })
