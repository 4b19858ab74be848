// DELETE /api/webhooks/:id: stops the webhook and drops its waiting deliveries.
import { apiAction, methodNotAllowed, parseWith } from '~/lib/http.server'
import { idParam } from '~/lib/common.schema'
import { deleteWebhook } from '~/areas/integrations/webhook.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

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
