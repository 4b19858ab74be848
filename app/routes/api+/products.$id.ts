// One product: GET, PUT (the whole product), PATCH (only the fields sent), DELETE.
// PUT and PATCH also take `translations` (issue 15), and the supplier and unit cost purchasing buys it
// at (issue 37); every answer carries the product's translations.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ProductInput, ProductPatch } from '~/areas/catalogue/product.schema'
import { deleteProduct, findProduct, updateProduct } from '~/areas/catalogue/product.server'
import { withTranslations } from '~/areas/catalogue/product-translation.server'
import { requireApiManager } from '~/areas/people/auth.server'
import { checkProductSupplier } from '~/areas/purchasing/supplier.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'One product', scope: 'catalog:read', response: answer.ProductWithTranslationsAnswer },
    { method: 'PUT', summary: 'Replace a product', scope: 'catalog:write', body: ProductInput, response: answer.ProductWithTranslationsAnswer },
    { method: 'PATCH', summary: 'Change a product', scope: 'catalog:write', body: ProductPatch, response: answer.ProductWithTranslationsAnswer },
    { method: 'DELETE', summary: 'Delete a product', scope: 'catalog:write' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return withTranslations(await findProduct(manager.orgId, params.id!))
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const id = params.id!
  switch (request.method) {
    case 'PUT': {
      const { translations, ...fields } = await readJson(request, ProductInput)
      await checkProductSupplier(manager.orgId, fields.supplierId)
      return withTranslations(await updateProduct(manager.orgId, id, fields), translations)
    }
    case 'PATCH': {
      const { translations, ...fields } = await readJson(request, ProductPatch)
      await checkProductSupplier(manager.orgId, fields.supplierId)
      return withTranslations(await updateProduct(manager.orgId, id, fields), translations)
    }
    case 'DELETE':
      await deleteProduct(manager.orgId, id)
      return undefined
    default:
      return methodNotAllowed()
  }
}, { methods: ['PUT', 'PATCH', 'DELETE'] })
