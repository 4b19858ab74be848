// GET /api/requests/:id/delivery-proof: the latest proof a runner posted for the request, or 404.
import { NotFound } from '~/lib/errors'
import { apiLoader } from '~/lib/http.server'
import { latestDeliveryProof } from '~/models/request.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  const proof = await latestDeliveryProof(manager.orgId, params.id!)
  if (!proof) throw new NotFound('No delivery proof for this request yet')
  return proof
})
