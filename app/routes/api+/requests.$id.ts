// GET /api/requests/:id and PATCH /api/requests/:id { status }: a manager may set any status (spec §4).
import { z } from 'zod'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { changeRequestStatus, findRequest, RequestStatusInput } from '~/areas/requests/request.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/requests/request-answer.schema'

export const RequestStatusBody = z.object({ status: RequestStatusInput })

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PATCH'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'One request', scope: 'requests:read', response: answer.RequestAnswer },
    { method: 'PATCH', summary: 'Change a request', scope: 'requests:write', body: RequestStatusBody },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return findRequest(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PATCH') methodNotAllowed()
  const { status } = await readJson(request, RequestStatusBody)
  return changeRequestStatus(manager.orgId, params.id!, status)
}, { methods: ['PATCH'] })
