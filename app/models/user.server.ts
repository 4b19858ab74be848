// Managers: who they are, which organisation they act for, and what a first sign-in creates.
import { db } from '~/lib/db.server'
import { readNow } from '~/lib/sql.server'
import { listedTimeZone } from '~/lib/time-zones'
import { isRegistrationEnabled } from './settings.server'
import { recordAudit } from './audit-log.server'

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
 * while registration is open, a new organisation they own.
 */
export async function signInFromIdentity(profile: IdentityProfile, signUp: { timeZone?: string | null } = {}) {
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
    await recordSignIn(user, first.organisationId, false)
    return user
  }
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
    const organisation = await tx.organisation.create({ data: { name: orgName, timeZone: listedTimeZone(signUp.timeZone) ?? 'UTC' } })
    await tx.membership.create({ data: { userId: user.id, organisationId: organisation.id, role: 'owner' } })
    await tx.userSettings.create({ data: { userId: user.id } })
    return { user, organisationId: organisation.id }
  })
  await recordSignIn(created.user, created.organisationId, true)
  return created.user
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
  /** Set when the caller is an API key acting for the organisation rather than a person. */
  apiKeyId?: string
}

/**
 * The signed-in manager with the organisation they act for (their first membership). Every manager
 * request asks this, so it is one statement: through the ORM's relations it was three (user,
 * membership, organisation), each paying the query compiler (decision 059); now a kept statement (063).
 */
export async function findManager(userId: string): Promise<Manager | null> {
  const row = await readNow((sql) =>
    sql.one<Pick<Manager, 'email' | 'firstName' | 'lastName' | 'profileImageUrl' | 'orgId' | 'role' | 'organisationName'> & { userId: string }>(
      `SELECT u.id AS userId, u.email, u.firstName, u.lastName, u.profileImageUrl, m.organisationId AS orgId, m.role, o.name AS organisationName
      FROM User u
      JOIN Membership m ON m.userId = u.id
      JOIN Organisation o ON o.id = m.organisationId
      WHERE u.id = ?
      ORDER BY m.createdAt ASC
      LIMIT 1`,
      userId,
    ),
  )
  if (!row) return null
  return {
    userId: row.userId,
    orgId: row.orgId,
    role: row.role,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    organisationName: row.organisationName,
  }
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

export function displayName(person: { firstName: string | null; lastName: string | null; email: string }) {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ')
  return full || person.email.split('@')[0]!
}
