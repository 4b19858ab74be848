// GET /api/notifications/unread: { count, urgent }, polled every few seconds for the bell and the
// sound; `urgent` (how many unread are urgent requests) picks the urgent sound (issue 29).
import { apiLoader } from '~/lib/http.server'
import { unreadCounts } from '~/areas/outbox/notification.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Unread notification count' },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return unreadCounts(manager.orgId, manager.userId)
})
