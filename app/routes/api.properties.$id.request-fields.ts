// GET/PUT /api/properties/:id/request-fields (issue 29): the questions a property's vendors answer
// with a request, read and replaced whole as { fields: [{ key, type, required, labels, options? }] }.
import { apiAction, apiLoader, methodNotAllowed, readJsonBody } from '~/lib/http.server'
import { replaceRequestFields, requestFieldsOf } from '~/models/request-fields.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  return requestFieldsOf(manager.orgId, params.id!)
})

export const action = apiAction(
  async ({ request, params }) => {
    const manager = await requireApiManager(request)
    if (request.method !== 'PUT') methodNotAllowed()
    return replaceRequestFields(manager.orgId, params.id!, await readJsonBody(request))
  },
  { methods: ['PUT'] },
)
