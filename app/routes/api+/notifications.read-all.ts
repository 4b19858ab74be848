// PUT /api/notifications/read-all: { count } of notifications that were unread.
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { markAllNotificationsRead } from '~/areas/outbox/notification.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['PUT'],
  permission: 'work',
  operations: [
    { method: 'PUT', summary: 'Mark all notifications read' },
  ],
}

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT') methodNotAllowed()
  return markAllNotificationsRead(manager.orgId, manager.userId)
}, { methods: ['PUT'] })
