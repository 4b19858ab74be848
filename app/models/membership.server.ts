// Who belongs to an organisation and with which role (owner | admin | member). Role changes are
// recorded in the audit log; an organisation always keeps at least one owner.
import { db } from '~/lib/db.server'
import { Conflict, Forbidden, NotFound } from '~/lib/errors'
import { recordAudit } from './audit-log.server'

export const ROLES = ['owner', 'admin', 'member'] as const
export type Role = (typeof ROLES)[number]

/** Owners and admins change roles; only an owner may make or unmake an owner. */
export async function changeMemberRole(orgId: string, actorRole: string, memberUserId: string, role: Role) {
  if (actorRole !== 'owner' && actorRole !== 'admin') throw new Forbidden('Only an owner or admin can change roles.')
  const membership = await db.membership.findFirst({ where: { organisationId: orgId, userId: memberUserId }, include: { user: true } })
  if (!membership) throw new NotFound('Member not found')
  const from = membership.role
  if (from === role) return { userId: memberUserId, email: membership.user.email, role }
  if ((from === 'owner' || role === 'owner') && actorRole !== 'owner') throw new Forbidden('Only an owner can make or remove an owner.')
  await db.$transaction(async (tx) => {
    await tx.membership.update({ where: { id: membership.id }, data: { role } })
    // Checked after the change, inside the transaction, so two owners demoting each other cannot both win.
    if (from === 'owner' && (await tx.membership.count({ where: { organisationId: orgId, role: 'owner' } })) === 0) {
      throw new Conflict('An organisation needs at least one owner. Make someone else owner first.')
    }
  })
  await recordAudit({ orgId, action: 'member.role_changed', target: { type: 'user', id: memberUserId }, details: { email: membership.user.email, from, to: role } })
  return { userId: memberUserId, email: membership.user.email, role }
}
