// DELETE /api/notifications/:id (204).
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { deleteNotification } from '~/models/notification.server'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'DELETE') methodNotAllowed()
  await deleteNotification(manager.orgId, manager.userId, params.id!)
}, { methods: ['DELETE'] })
