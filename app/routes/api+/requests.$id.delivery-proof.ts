// GET /api/requests/:id/delivery-proof: the latest proof a runner posted for the request, or 404.
import { NotFound } from '~/lib/errors'
import { apiLoader } from '~/lib/http.server'
import { latestDeliveryProof } from '~/areas/requests/request.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'The delivery proof of a request', scope: 'requests:read' },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const proof = await latestDeliveryProof(manager.orgId, params.id!)
  if (!proof) throw new NotFound('No delivery proof for this request yet')
  return proof
})
