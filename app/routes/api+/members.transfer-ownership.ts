// POST /api/members/transfer-ownership { userId }: the owner hands ownership to an admin and becomes
// an admin. 403 for anyone but an owner, 404 for someone outside the organisation, 409 for a non-admin.
import { apiAction, readJson } from '~/lib/http.server'
import { transferOwnership, TransferOwnershipInput } from '~/areas/people/membership.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/integrations/responses.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin'],
  methods: ['POST'],
  permission: 'ownership',
  operations: [
    { method: 'POST', summary: 'Hand ownership to an admin (the owner only; they become an admin)', body: TransferOwnershipInput, success: 200, response: answer.OwnershipTransferredAnswer },
  ],
}

export const action = apiAction(
  async ({ request }) => {
    const manager = await requireApiManager(request, contract)
    requirePermission(manager, 'ownership')
    const { userId } = await readJson(request, TransferOwnershipInput)
    return transferOwnership(manager.orgId, manager, userId)
  },
  { createdOnPost: false },
)
