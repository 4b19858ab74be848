// GET /api/webhooks (the organisation's webhooks, without secrets) and POST (a new one; its signing secret is shown once).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { WebhookInput } from '~/areas/integrations/integrations.schema'
import { createWebhook, listWebhooks } from '~/areas/integrations/webhook.server'
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
    { method: 'GET', summary: 'List webhooks', response: z.array(answer.WebhookAnswer) },
    { method: 'POST', summary: 'Add a webhook (the secret is shown once)', body: WebhookInput, response: answer.WebhookCreatedAnswer },
  ],
}

export const loader = apiLoader(async ({ request }) => listWebhooks(await requireApiManager(request, contract)))

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  const { id, url, events, secret } = await createWebhook(manager, await readJson(request, WebhookInput))
  return { id, url, events, secret }
})
