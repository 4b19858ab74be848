// GET /api/delivery/:assignmentId?token=: the delivery order behind a shareable link (or the runner's
// own token): 401 'Invalid authentication token', 404 'Order not found'.
import { apiLoader } from '~/lib/http.server'
import { deliveryOrder, openAssignment, tokenFrom } from '~/models/assignment.server'

export const loader = apiLoader(async ({ request, params }) => {
  return deliveryOrder(await openAssignment(params.assignmentId!, tokenFrom(request)))
})
