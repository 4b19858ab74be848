// GET /api/api-keys (the organisation's keys, never the keys themselves) and POST (a new key, shown once).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { ApiKeyInput } from '~/areas/integrations/integrations.schema'
import { createApiKey, listApiKeys } from '~/areas/people/api-key.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'integrations',
  operations: [
    { method: 'GET', summary: 'List API keys', response: z.array(answer.ApiKeyAnswer) },
    { method: 'POST', summary: 'Create an API key (the key is shown once)', body: ApiKeyInput, response: answer.ApiKeyCreatedAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => listApiKeys(await requireApiManager(request, contract)))

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  const input = await readJson(request, ApiKeyInput)
  const { id, name, key, scopes } = await createApiKey(manager, input)
  return { id, name, key, scopes }
})
