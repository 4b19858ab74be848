// Who belongs to an organisation and with which role (owner | admin | member): the team list, role
// changes, removing and leaving, and handing ownership on. Every change is recorded in the audit log;
// an organisation always keeps at least one owner. Who may ask is decided in permissions.ts.
import { z } from 'zod'
import { sql as fragment } from 'kysely'
import { Conflict, Forbidden, NotFound } from '~/lib/errors'
import { displayName } from '~/lib/format'
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether, type Sql } from '~/lib/sql.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { can, ROLES, type Actor, type Role } from '~/areas/organisation/permissions'

export { ROLES, type Role }

export const RoleInput = z.object({ role: z.enum(ROLES, { error: 'Role must be owner, admin or member' }) }).strict()
export const TransferOwnershipInput = z.object({ userId: z.string({ error: 'Choose an admin' }).trim().min(1, 'Choose an admin').max(100) }).strict()

/** The caller as this module needs them: who they are and their role in the organisation. */
export type TeamActor = Actor & { userId: string }

export type MemberView = { userId: string; email: string; name: string; role: string; joinedAt: string; lastActiveAt: string | null }

/** The organisation's people, owners first, then by name; one statement. */
export async function listMembers(orgId: string): Promise<MemberView[]> {
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('Membership as m')
        .innerJoin('User as u', 'u.id', 'm.userId')
        .select(['u.id as userId', 'u.email', 'u.firstName', 'u.lastName', 'm.role', 'm.createdAt as joinedAt', 'm.lastActiveAt'])
        .where('m.organisationId', '=', orgId)
        .orderBy((eb) => eb.case('m.role').when('owner').then(0).when('admin').then(1).else(2).end())
        .orderBy('u.email'),
    ),
  )
  return rows.map((r) => ({ userId: r.userId, email: r.email, name: displayName(r), role: r.role, joinedAt: isoOf(r.joinedAt)!, lastActiveAt: isoOf(r.lastActiveAt) }))
}

const isoOf = (stored: string | null) => (stored ? new Date(stored).toISOString() : null)

/**
 * Marks the person active in the organisation: on sign-in, on switching to it and (see auth.server's
 * getManager) on actions at most every few minutes. Never on a GET: any machine may be a replica.
 */
export async function markActive(userId: string, orgId: string) {
  await writeTogether((sql) => sql.run(tables.updateTable('Membership').set({ lastActiveAt: new Date() }).where('userId', '=', userId).where('organisationId', '=', orgId)))
}

async function membershipOrThrow(orgId: string, userId: string) {
  const row = await readNow((sql) =>
    sql.one(
      tables
        .selectFrom('Membership as m')
        .innerJoin('User as u', 'u.id', 'm.userId')
        .select(['m.id', 'm.role', 'u.email'])
        .where('m.organisationId', '=', orgId)
        .where('m.userId', '=', userId),
    ),
  )
  if (!row) throw new NotFound('Member not found')
  return { id: row.id, role: row.role, user: { email: row.email } }
}

/** How many owners the organisation has. */
function ownersOf(sql: Sql, orgId: string) {
  return sql.one(
    tables
      .selectFrom('Membership')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organisationId', '=', orgId)
      .where('role', '=', 'owner'),
  )!.n
}

/** Owners and admins change roles; only an owner may make or unmake an owner. */
export async function changeMemberRole(orgId: string, actorRole: string, memberUserId: string, role: Role) {
  if (!can({ role: actorRole }, 'team')) throw new Forbidden('Only an owner or admin can change roles.')
  const membership = await membershipOrThrow(orgId, memberUserId)
  const from = membership.role
  if (from === role) return { userId: memberUserId, email: membership.user.email, role }
  if ((from === 'owner' || role === 'owner') && !can({ role: actorRole }, 'ownership')) throw new Forbidden('Only an owner can make or remove an owner.')
  await writeTogether((sql) => {
    sql.run(tables.updateTable('Membership').set({ role }).where('id', '=', membership.id))
    // Checked after the change, inside the transaction, so two owners demoting each other cannot both win.
    if (from === 'owner' && ownersOf(sql, orgId) === 0) {
      throw new Conflict('An organisation needs at least one owner. Make someone else owner first.')
    }
  })
  await recordAudit({ orgId, action: 'member.role_changed', target: { type: 'user', id: memberUserId }, details: { email: membership.user.email, from, to: role } })
  return { userId: memberUserId, email: membership.user.email, role }
}

/**
 * Takes someone out of the organisation. Removing oneself is leaving. Only an owner removes an owner.
 * Their sessions acting for this organisation end at once.
 */
export async function removeMember(orgId: string, actor: TeamActor, memberUserId: string) {
  if (memberUserId === actor.userId) return leaveOrganisation(orgId, actor.userId)
  if (!can(actor, 'team')) throw new Forbidden('Only an owner or admin can remove members.')
  const membership = await membershipOrThrow(orgId, memberUserId)
  if (membership.role === 'owner' && !can(actor, 'ownership')) throw new Forbidden('Only an owner can remove an owner.')
  await dropMembership(orgId, membership.id, memberUserId)
  await recordAudit({ orgId, action: 'member.removed', target: { type: 'user', id: memberUserId }, details: { email: membership.user.email, role: membership.role } })
  return { userId: memberUserId, email: membership.user.email, removed: true }
}

/** Anyone may leave, except the last owner: the organisation would have nobody to run it. */
export async function leaveOrganisation(orgId: string, userId: string) {
  const membership = await membershipOrThrow(orgId, userId)
  if (membership.role === 'owner') {
    const owners = await readNow((sql) => ownersOf(sql, orgId))
    if (owners <= 1) throw new Conflict('You are the last owner. Transfer ownership to an admin before you leave.')
  }
  await dropMembership(orgId, membership.id, userId)
  await recordAudit({ orgId, action: 'member.left', target: { type: 'user', id: userId }, details: { email: membership.user.email, role: membership.role } })
  return { userId, email: membership.user.email, removed: true }
}

/**
 * Deletes the membership and, in the same transaction, the person's sessions that act for this
 * organisation (all of them when it was their last), so their very next request is no longer in it.
 * A session that names no organisation falls back to their first remaining one (findManager).
 */
async function dropMembership(orgId: string, membershipId: string, userId: string) {
  await writeTogether((sql) => {
    sql.run(tables.deleteFrom('Membership').where('id', '=', membershipId))
    // Re-checked inside the transaction, so two owners leaving at once cannot leave none.
    if (ownersOf(sql, orgId) === 0) throw new Conflict('An organisation needs at least one owner. Transfer ownership to an admin first.')
    sql.run(
      tables
        .deleteFrom('Session')
        .where('userId', '=', userId)
        .where((eb) =>
          eb.or([
            eb(eb.fn('json_extract', ['sess', fragment.lit('$.orgId')]), '=', orgId),
            eb.not(eb.exists(eb.selectFrom('Membership').select(fragment.lit(1).as('one')).where('Membership.userId', '=', userId))),
          ]),
        ),
    )
  })
}

/** The owner hands ownership to an admin and becomes an admin, after confirming on the Team page. */
export async function transferOwnership(orgId: string, actor: TeamActor, toUserId: string) {
  if (!can(actor, 'ownership')) throw new Forbidden('Only the owner can transfer ownership.')
  if (toUserId === actor.userId) throw new Conflict('You already own this organisation. Choose an admin to transfer ownership to.')
  const [from, to] = await Promise.all([membershipOrThrow(orgId, actor.userId), membershipOrThrow(orgId, toUserId)])
  if (to.role !== 'admin') throw new Conflict('Ownership can only be transferred to an admin. Make them an admin first.')
  // All or nothing: if the admin was demoted or removed meanwhile, the owner stays owner.
  await writeTogether((sql) => {
    if (sql.run(tables.updateTable('Membership').set({ role: 'owner' }).where('id', '=', to.id).where('role', '=', 'admin')).changes !== 1) {
      throw new Conflict('Ownership can only be transferred to an admin. Make them an admin first.')
    }
    sql.run(tables.updateTable('Membership').set({ role: 'admin' }).where('id', '=', from.id).where('role', '=', 'owner'))
  })
  await recordAudit({ orgId, action: 'member.ownership_transferred', target: { type: 'user', id: toUserId }, details: { email: to.user.email, from: from.user.email } })
  return { owner: { userId: toUserId, email: to.user.email, role: 'owner' }, previousOwner: { userId: actor.userId, email: from.user.email, role: 'admin' } }
}
