// DELETE /api/notifications/:id (204).
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { deleteNotification } from '~/models/notification.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

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
