// GET /api/api-keys (the organisation's keys, never the keys themselves) and POST (a new key, shown once).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ApiKeyInput } from '~/lib/schemas/integrations'
import { createApiKey, listApiKeys } from '~/models/api-key.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => listApiKeys(await requireApiManager(request)))

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  const input = await readJson(request, ApiKeyInput)
  const { id, name, key, scopes } = await createApiKey(manager, input)
  return { id, name, key, scopes }
})
