// Managers: who they are, which organisation they act for, and what a first sign-in creates.
import { db } from '~/lib/db.server'
import { readNow } from '~/lib/sql.server'
import { displayName } from '~/lib/format'
import { listedTimeZone } from '~/lib/time-zones'
import { isRegistrationEnabled } from './settings.server'
import { recordAudit } from './audit-log.server'
import { markActive } from './membership.server'

export type IdentityProfile = {
  email: string
  firstName?: string | null
  lastName?: string | null
  profileImageUrl?: string | null
}

export class RegistrationClosed extends Error {
  constructor() {
    super('Registration of new organisations is closed. Ask an existing organisation owner to add you.')
  }
}

/**
 * Signs in the person the identity provider vouched for. A first sign-in creates the user and,
 * while registration is open, a new organisation they own. Someone on their way to accept an
 * invitation gets no organisation of their own, whatever the registration switch says (DESIGN.md §2):
 * the invitation page decides what they join.
 */
export async function signInFromIdentity(profile: IdentityProfile, options: { followingInvitation?: boolean; timeZone?: string | null } = {}) {
  const email = profile.email.trim().toLowerCase()
  const existing = await db.user.findUnique({ where: { email }, include: { memberships: true } })
  if (existing && existing.memberships.length > 0) {
    const user = await db.user.update({
      where: { id: existing.id },
      data: {
        firstName: profile.firstName ?? existing.firstName,
        lastName: profile.lastName ?? existing.lastName,
        profileImageUrl: profile.profileImageUrl ?? existing.profileImageUrl,
      },
    })
    const first = [...existing.memberships].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!
    await Promise.all([recordSignIn(user, first.organisationId, false), markActive(user.id, first.organisationId)])
    return user
  }
  if (options.followingInvitation) return existing ?? (await createPerson(email, profile))
  if (!(await isRegistrationEnabled())) throw new RegistrationClosed()
  const created = await db.$transaction(async (tx) => {
    const user =
      existing ??
      (await tx.user.create({
        data: {
          email,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          profileImageUrl: profile.profileImageUrl ?? null,
        },
      }))
    const orgName = profile.firstName ? `${profile.firstName}'s organisation` : `${email.split('@')[0]}'s organisation`
    const organisation = await tx.organisation.create({ data: { name: orgName, timeZone: listedTimeZone(options.timeZone) ?? 'UTC' } })
    await tx.membership.create({ data: { userId: user.id, organisationId: organisation.id, role: 'owner', lastActiveAt: new Date() } })
    await tx.userSettings.create({ data: { userId: user.id } })
    return { user, organisationId: organisation.id }
  })
  await recordSignIn(created.user, created.organisationId, true)
  // The new organisation's owner is shown the first-run step (issue 34) before anything else.
  return Object.assign(created.user, { firstRun: true })
}

async function createPerson(email: string, profile: IdentityProfile) {
  return db.user.create({
    data: {
      email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.profileImageUrl ?? null,
      settings: { create: {} },
    },
  })
}

function recordSignIn(user: { id: string; email: string; firstName: string | null; lastName: string | null }, orgId: string, firstTime: boolean) {
  return recordAudit({ orgId, action: 'user.signed_in', target: { type: 'user', id: user.id }, actor: { type: 'user', id: user.id, name: displayName(user), orgId }, details: { email: user.email, firstTime } })
}

export type Manager = {
  userId: string
  orgId: string
  role: string
  email: string
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  organisationName: string
  /** Every organisation the person belongs to, by name, for the sidebar's switcher. */
  organisations?: { id: string; name: string }[]
  /** When this membership was last marked active (decision 069). */
  lastActiveAt?: string | null
  /** Set when the caller is an API key acting for the organisation rather than a person. */
  apiKeyId?: string
}

type ManagerRow = Pick<Manager, 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'orgId' | 'role' | 'organisationName'> & {
  userId: string
  lastActiveAt: string | null
  organisations: string
}

/**
 * The signed-in manager with the organisation they act for: the session's active one, or their first
 * membership when the session names none or no longer a membership of theirs. Every manager request
 * asks this, so it is one statement: through the ORM's relations it was three (user, membership,
 * organisation), each paying the query compiler (decision 059); now a kept statement (063), which
 * also brings the list of their organisations for the switcher.
 */
export async function findManager(userId: string, activeOrgId?: string | null): Promise<Manager | null> {
  const row = await readNow((sql) =>
    sql.one<ManagerRow>(
      `SELECT u.id AS userId, u.email, u.firstName, u.lastName, u.profileImageUrl, m.organisationId AS orgId, m.role, m.lastActiveAt, o.name AS organisationName,
        (SELECT json_group_array(json_object('id', o2.id, 'name', o2.name)) FROM Membership m2 JOIN Organisation o2 ON o2.id = m2.organisationId WHERE m2.userId = u.id) AS organisations
      FROM User u
      JOIN Membership m ON m.userId = u.id
      JOIN Organisation o ON o.id = m.organisationId
      WHERE u.id = ?
      ORDER BY m.organisationId = ? DESC, m.createdAt ASC
      LIMIT 1`,
      userId,
      activeOrgId ?? null,
    ),
  )
  if (!row) return null
  const organisations = (JSON.parse(row.organisations) as { id: string; name: string }[]).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  return {
    userId: row.userId,
    orgId: row.orgId,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    organisationName: row.organisationName,
    organisations,
    lastActiveAt: row.lastActiveAt,
  }
}

/** A person by id, whether or not they belong to an organisation yet (someone on their way to accept an invitation). */
export async function findPerson(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, lastName: true } })
  return user ? { userId, ...user } : null
}

/** The shape of GET /api/auth/user. */
export async function currentUserView(manager: Manager) {
  const user = await db.user.findUniqueOrThrow({ where: { id: manager.userId } })
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    username: displayName(manager),
    role: manager.role,
    tenant: { id: manager.orgId, name: manager.organisationName },
  }
}

// Lives with the other formatting so models below this one can name people too.
export { displayName } from '~/lib/format'
