import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { ParLevelInput } from '~/areas/insights/reorder.schema'
import { removeProduct } from '~/areas/catalogue/property.server'
import { setParLevel } from '~/areas/insights/reorder.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['PUT', 'DELETE'],
  permission: 'work',
  operations: [
    { method: 'PUT', summary: 'Set a product’s par level at a property', scope: 'catalog:write', body: ParLevelInput, response: answer.ParLevelAnswer },
    { method: 'DELETE', summary: 'Stop offering a product at a property', scope: 'catalog:write' },
  ],
}

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method === 'PUT') {
    const { parLevel } = await readJson(request, ParLevelInput)
    return setParLevel(manager.orgId, params.id!, params.productId!, parLevel)
  }
  if (request.method !== 'DELETE') methodNotAllowed()
  return removeProduct(manager.orgId, params.id!, params.productId!)
}, { methods: ['PUT', 'DELETE'] })
