// GET /api/products (the catalog) and POST /api/products (add to it).
import { csvDownload } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ProductInput } from '~/lib/schemas/product'
import { createProduct, listProducts } from '~/models/product.server'
import { withTranslations } from '~/models/product-translation.server'
import { productsCsv } from '~/models/catalog-csv.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (new URL(request.url).searchParams.get('format') === 'csv') return csvDownload(await productsCsv(manager.orgId), 'products.csv')
  return listProducts(manager.orgId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  const { translations, ...fields } = await readJson(request, ProductInput)
  const product = await createProduct(manager.orgId, fields)
  return translations ? withTranslations(product, translations) : product
})
