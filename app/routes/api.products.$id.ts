// One product: GET, PUT (the whole product), PATCH (only the fields sent), DELETE.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ProductInput, ProductPatch } from '~/lib/schemas/product'
import { deleteProduct, findProduct, updateProduct } from '~/models/product.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return findProduct(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  const id = params.id!
  switch (request.method) {
    case 'PUT':
      return updateProduct(manager.orgId, id, await readJson(request, ProductInput))
    case 'PATCH':
      return updateProduct(manager.orgId, id, await readJson(request, ProductPatch))
    case 'DELETE':
      await deleteProduct(manager.orgId, id)
      return undefined
    default:
      return methodNotAllowed()
  }
}, { methods: ['PUT', 'PATCH', 'DELETE'] })
