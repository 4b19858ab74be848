// DELETE /api/notifications/:id (204).
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { deleteNotification } from '~/areas/outbox/notification.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['DELETE'],
  permission: 'work',
  operations: [
    { method: 'DELETE', summary: 'Delete a notification' },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'DELETE') methodNotAllowed()
  await deleteNotification(manager.orgId, manager.userId, params.id!)
}, { methods: ['DELETE'] })
