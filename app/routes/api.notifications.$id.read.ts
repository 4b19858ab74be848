// PUT /api/notifications/:id/read
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { markNotificationRead } from '~/models/notification.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PUT') methodNotAllowed()
  return markNotificationRead(manager.orgId, manager.userId, params.id!)
}, { methods: ['PUT'] })
