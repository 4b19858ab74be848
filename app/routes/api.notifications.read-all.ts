// PUT /api/notifications/read-all: { count } of notifications that were unread.
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { markAllNotificationsRead } from '~/models/notification.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PUT') methodNotAllowed()
  return markAllNotificationsRead(manager.orgId, manager.userId)
}, { methods: ['PUT'] })
