// GET /api/dispatch/suggestions?requestId=: the active runners for a request, best first, each with
// the reason a dispatcher reads ("2 km away, 1 open stop").
import { z } from 'zod'
import { apiLoader, parseWith } from '~/lib/http.server'
import { requiredText } from '~/lib/schemas/common'
import { suggestRunners } from '~/models/runner-suggestions.server'
import { requireApiManager } from '~/services/auth.server'

const SuggestionsQuery = z.object({ requestId: requiredText('requestId is required', 64) })

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  const { requestId } = parseWith(SuggestionsQuery, { requestId: new URL(request.url).searchParams.get('requestId') ?? '' })
  return { suggestions: await suggestRunners(manager.orgId, requestId) }
})
