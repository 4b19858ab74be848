// GET /api/notifications: newest first (`?limit=`, at most 500; 100 by default).
import { z } from 'zod'
import { apiLoader, parseWith } from '~/lib/http.server'
import { listNotifications, NOTIFICATION_LIMIT } from '~/areas/outbox/notification.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const Query = z.object({ limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(500).default(NOTIFICATION_LIMIT) })

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'The manager’s notifications', query: Query },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const { limit } = parseWith(Query, Object.fromEntries(new URL(request.url).searchParams))
  return listNotifications(manager.orgId, manager.userId, { limit })
})
