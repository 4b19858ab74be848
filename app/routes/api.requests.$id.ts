// GET /api/requests/:id and PATCH /api/requests/:id { status }: a manager may set any status (spec §4).
import { z } from 'zod'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { changeRequestStatus, findRequest, RequestStatusInput } from '~/models/request.server'
import { requireApiManager } from '~/services/auth.server'

export const RequestStatusBody = z.object({ status: RequestStatusInput })

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return findRequest(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PATCH') methodNotAllowed()
  const { status } = await readJson(request, RequestStatusBody)
  return changeRequestStatus(manager.orgId, params.id!, status)
}, { methods: ['PATCH'] })
