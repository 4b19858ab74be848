// GET /api/notifications/unread: { count, urgent }, polled every few seconds for the bell and the
// sound; `urgent` (how many unread are urgent requests) picks the urgent sound (issue 29).
import { apiLoader } from '~/lib/http.server'
import { unreadCounts } from '~/models/notification.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return unreadCounts(manager.orgId, manager.userId)
})
