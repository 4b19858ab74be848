import { json } from '@remix-run/node'
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { AssignProductInput } from '~/lib/schemas/property'
import { assignProduct, listAssignedProducts } from '~/models/property.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return listAssignedProducts(manager.orgId, params.id!)
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'POST') methodNotAllowed()
  const { productId } = await readJson(request, AssignProductInput)
  const assignment = await assignProduct(manager.orgId, params.id!, productId)
  // Skipping an assigned product is not a create: the existing assignment answers with 200.
  return assignment.alreadyAssigned ? json(assignment, { status: 200 }) : assignment
})
