// One category by its name (URL-encoded): GET with its translations; PUT { translations } sets the
// languages sent, as `translations` does on a product (null removes one). Issue 28.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { CategoryTranslationsInput } from '~/lib/schemas/translation'
import { findCategory, saveCategoryTranslations } from '~/models/category-translation.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return findCategory(manager.orgId, params.name!)
})

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request)
    if (request.method !== 'PUT') return methodNotAllowed()
    const { translations } = await readJson(request, CategoryTranslationsInput)
    return saveCategoryTranslations(manager.orgId, params.name!, translations)
  },
  { methods: ['PUT'] },
)
