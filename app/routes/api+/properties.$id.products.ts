import { json } from '@remix-run/node'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { AssignProductInput } from '~/areas/catalogue/property.schema'
import { assignProduct, listAssignedProducts } from '~/areas/catalogue/property.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { z } from 'zod'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'Products offered at a property', scope: 'catalog:read', response: z.array(answer.AssignedProductAnswer) },
    { method: 'POST', summary: 'Offer a product at a property', scope: 'catalog:write', body: AssignProductInput },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return listAssignedProducts(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  const { productId } = await readJson(request, AssignProductInput)
  const assignment = await assignProduct(manager.orgId, params.id!, productId)
  // Skipping an assigned product is not a create: the existing assignment answers with 200.
  return assignment.alreadyAssigned ? json(assignment, { status: 200 }) : assignment
})
