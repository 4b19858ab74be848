// GET /api/notifications/unread: { count }, polled every few seconds for the bell and the sound.
import { apiLoader } from '~/lib/http.server'
import { countUnread } from '~/models/notification.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return { count: await countUnread(manager.orgId, manager.userId) }
})
