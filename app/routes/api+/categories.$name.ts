// One category by its name (URL-encoded): GET with its translations; PUT { translations } sets the
// languages sent, as `translations` does on a product (null removes one). Issue 28.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { CategoryTranslationsInput } from '~/areas/catalogue/translation.schema'
import { findCategory, saveCategoryTranslations } from '~/areas/catalogue/category-translation.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PUT'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'One category (its name URL-encoded) with its translations', scope: 'catalog:read' },
    { method: 'PUT', summary: 'Translate a category’s name into the vendor languages', scope: 'catalog:write' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return findCategory(manager.orgId, params.name!)
})

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'PUT') return methodNotAllowed()
    const { translations } = await readJson(request, CategoryTranslationsInput)
    return saveCategoryTranslations(manager.orgId, params.name!, translations)
  },
  { methods: ['PUT'] },
)
