// PUT /api/notifications/:id/read
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { markNotificationRead } from '~/areas/outbox/notification.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['PUT'],
  permission: 'work',
  operations: [
    { method: 'PUT', summary: 'Mark a notification read' },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT') methodNotAllowed()
  return markNotificationRead(manager.orgId, manager.userId, params.id!)
}, { methods: ['PUT'] })
