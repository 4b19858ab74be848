// GET /api/dispatch/suggestions?requestIds=a,b,c (or ?requestId=a): the active runners for those
// requests, best first, each with the reason a dispatcher reads ("2 km away, 1 open stop").
import { apiLoader, invalidFromZod } from '~/lib/http.server'
import { suggestionsQueryFrom, suggestRunnersFor } from '~/areas/deliveries/runner-suggestions.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Runners suggested for pending requests (?requestIds=a,b,c or ?requestId=), best first, each with its reason', scope: 'dispatch:write' },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const query = suggestionsQueryFrom(new URL(request.url).searchParams)
  if (!query.success) throw invalidFromZod(query.error)
  return { suggestions: await suggestRunnersFor(manager.orgId, query.data.requestIds) }
})
