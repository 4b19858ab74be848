// GET /api/categories: the catalog's categories (as its products spell them), each with its product
// count and its translations into the vendor languages (issue 28).
import { apiLoader } from '~/lib/http.server'
import { listCategories } from '~/areas/catalogue/category-translation.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'List the catalog’s categories with their translations', scope: 'catalog:read' },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return listCategories(manager.orgId)
})
