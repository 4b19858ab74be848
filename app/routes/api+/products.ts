// GET /api/products (the catalog) and POST /api/products (add to it).
import { csvDownload } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ProductInput } from '~/areas/catalogue/product.schema'
import { createProduct, listProducts } from '~/areas/catalogue/product.server'
import { checkProductSupplier } from '~/areas/purchasing/supplier.server'
import { withTranslations } from '~/areas/catalogue/product-translation.server'
import { productsCsv } from '~/areas/integrations/catalog-csv.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'List products (?format=csv: the CSV export)', scope: 'catalog:read', csv: true, response: z.array(answer.ProductAnswer) },
    { method: 'POST', summary: 'Create a product', scope: 'catalog:write', body: ProductInput, response: answer.ProductCreatedAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (new URL(request.url).searchParams.get('format') === 'csv') return csvDownload(await productsCsv(manager.orgId), 'products.csv')
  return listProducts(manager.orgId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  const { translations, ...fields } = await readJson(request, ProductInput)
  await checkProductSupplier(manager.orgId, fields.supplierId)
  const product = await createProduct(manager.orgId, fields)
  return translations ? withTranslations(product, translations) : product
})
