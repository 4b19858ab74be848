// POST /api/members/transfer-ownership { userId }: the owner hands ownership to an admin and becomes
// an admin. 403 for anyone but an owner, 404 for someone outside the organisation, 409 for a non-admin.
import { apiAction, readJson } from '~/lib/http.server'
import { transferOwnership, TransferOwnershipInput } from '~/models/membership.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'

export const action = apiAction(
  async ({ request }) => {
    const manager = await requireApiManager(request)
    requirePermission(manager, 'ownership')
    const { userId } = await readJson(request, TransferOwnershipInput)
    return transferOwnership(manager.orgId, manager, userId)
  },
  { createdOnPost: false },
)
