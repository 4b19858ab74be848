import { apiLoader } from '~/lib/http.server'
import { propertyReorderSuggestions } from '~/models/reorder.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return propertyReorderSuggestions(manager.orgId, params.id!)
})
