// PATCH /api/members/:userId { role }: an owner or admin changes a member's role (owners only for
// the owner role); 403 for members, 404 for someone outside the organisation, 409 for the last owner.
import { z } from 'zod'
import { apiAction, methodNotAllowed, readJson } from '~/lib/http.server'
import { ROLES, changeMemberRole } from '~/models/membership.server'
import { requireApiManager } from '~/services/auth.server'

const RoleInput = z.object({ role: z.enum(ROLES, { error: 'Role must be owner, admin or member' }) }).strict()

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PATCH') methodNotAllowed()
  const { role } = await readJson(request, RoleInput)
  return changeMemberRole(manager.orgId, manager.role, params.userId!, role)
}, { methods: ['PATCH'] })
