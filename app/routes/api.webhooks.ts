// GET /api/webhooks (the organisation's webhooks, without secrets) and POST (a new one; its signing secret is shown once).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { WebhookInput } from '~/lib/schemas/integrations'
import { createWebhook, listWebhooks } from '~/models/webhook.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => listWebhooks(await requireApiManager(request)))

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  const { id, url, events, secret } = await createWebhook(manager, await readJson(request, WebhookInput))
  return { id, url, events, secret }
})
