// DELETE /api/webhooks/:id: stops the webhook and drops its waiting deliveries.
import { apiAction, methodNotAllowed, parseWith } from '~/lib/http.server'
import { idParam } from '~/lib/schemas/common'
import { deleteWebhook } from '~/models/webhook.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['DELETE'],
  permission: 'integrations',
  operations: [
    { method: 'DELETE', summary: 'Remove a webhook' },
  ],
}


export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'DELETE') methodNotAllowed()
  await deleteWebhook(manager, parseWith(idParam, params.id))
}, { methods: ['DELETE'] })
