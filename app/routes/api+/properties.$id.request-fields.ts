// GET/PUT /api/properties/:id/request-fields (issue 29): the questions a property's vendors answer
// with a request, read and replaced whole as { fields: [{ key, type, required, labels, options? }] }.
import { apiAction, apiLoader, methodNotAllowed, readJsonBody } from '~/lib/http.server'
import { replaceRequestFields, requestFieldsOf } from '~/areas/requests/request-fields.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/requests/request-answer.schema'
import { RequestFieldsInput } from '~/areas/requests/request-fields.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PUT'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'The questions a property’s vendors answer with a request', scope: 'catalog:read', response: answer.RequestFieldsAnswer },
    { method: 'PUT', summary: 'Replace the questions a property’s vendors answer with a request', scope: 'catalog:write', body: RequestFieldsInput, response: answer.RequestFieldsAnswer },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return requestFieldsOf(manager.orgId, params.id!)
})

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'PUT') methodNotAllowed()
    return replaceRequestFields(manager.orgId, params.id!, await readJsonBody(request))
  },
  { methods: ['PUT'] },
)
