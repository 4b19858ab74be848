// GET /api/categories: the catalog's categories (as its products spell them), each with its product
// count and its translations into the vendor languages (issue 28).
import { apiLoader } from '~/lib/http.server'
import { listCategories } from '~/models/category-translation.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return listCategories(manager.orgId)
})
