// One product: GET, PUT (the whole product), PATCH (only the fields sent), DELETE.
// PUT and PATCH also take `translations` (issue 15); every answer carries the product's translations.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ProductInput, ProductPatch } from '~/lib/schemas/product'
import { deleteProduct, findProduct, updateProduct } from '~/models/product.server'
import { withTranslations } from '~/models/product-translation.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return withTranslations(await findProduct(manager.orgId, params.id!))
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  const id = params.id!
  switch (request.method) {
    case 'PUT': {
      const { translations, ...fields } = await readJson(request, ProductInput)
      return withTranslations(await updateProduct(manager.orgId, id, fields), translations)
    }
    case 'PATCH': {
      const { translations, ...fields } = await readJson(request, ProductPatch)
      return withTranslations(await updateProduct(manager.orgId, id, fields), translations)
    }
    case 'DELETE':
      await deleteProduct(manager.orgId, id)
      return undefined
    default:
      return methodNotAllowed()
  }
}, { methods: ['PUT', 'PATCH', 'DELETE'] })
