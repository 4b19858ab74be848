// GET /api/purchase-orders/suggestions?depotId= → { depot, suggestions: [{ supplier, lines, total }] }:
// what to buy for the depot, per supplier (decision 131).
import { apiLoader, parseWith } from '~/lib/http.server'
import { SuggestionsQuery } from '~/areas/purchasing/purchase-order.schema'
import { purchaseSuggestions } from '~/areas/purchasing/purchase-suggestions.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [{ method: 'GET', summary: 'What to buy for a depot, per supplier', scope: 'purchasing:read', query: SuggestionsQuery, response: answer.SuggestionsAnswer }],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const { depotId } = parseWith(SuggestionsQuery, Object.fromEntries(new URL(request.url).searchParams))
  return purchaseSuggestions(manager.orgId, depotId)
})
