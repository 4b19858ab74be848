import { apiLoader } from '~/lib/http.server'
import { propertyReorderSuggestions } from '~/areas/insights/reorder.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'What to reorder at a property (stock below par level)', scope: 'catalog:read', response: z.array(answer.ReorderSuggestionAnswer) },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return propertyReorderSuggestions(manager.orgId, params.id!)
})
