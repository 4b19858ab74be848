import { apiLoader } from '~/lib/http.server'
import { propertyReorderSuggestions } from '~/models/reorder.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'
import { z } from 'zod'
import * as answer from '~/lib/schemas/responses'

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
