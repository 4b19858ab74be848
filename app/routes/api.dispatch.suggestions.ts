// GET /api/dispatch/suggestions?requestIds=a,b,c (or ?requestId=a): the active runners for those
// requests, best first, each with the reason a dispatcher reads ("2 km away, 1 open stop").
import { apiLoader, invalidFromZod } from '~/lib/http.server'
import { suggestionsQueryFrom, suggestRunnersFor } from '~/models/runner-suggestions.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  const query = suggestionsQueryFrom(new URL(request.url).searchParams)
  if (!query.success) throw invalidFromZod(query.error)
  return { suggestions: await suggestRunnersFor(manager.orgId, query.data.requestIds) }
})
