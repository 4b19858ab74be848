// GET /api/dispatch/queue: pending requests no active assignment covers.
import { apiLoader } from '~/lib/http.server'
import { dispatchQueue } from '~/areas/deliveries/dispatch-board.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/requests/request-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Requests waiting for a runner', scope: 'dispatch:write', response: z.array(answer.QueuedRequestAnswer) },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return dispatchQueue(manager.orgId)
})
