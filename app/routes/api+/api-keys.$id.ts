// DELETE /api/api-keys/:id revokes a key at once: its next call answers 401.
import { apiAction, methodNotAllowed, parseWith } from '~/lib/http.server'
import { idParam } from '~/lib/common.schema'
import { revokeApiKey } from '~/areas/people/api-key.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['DELETE'],
  permission: 'integrations',
  operations: [
    { method: 'DELETE', summary: 'Revoke an API key' },
  ],
}


export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'DELETE') methodNotAllowed()
  await revokeApiKey(manager, parseWith(idParam, params.id))
}, { methods: ['DELETE'] })
