// Managers: who they are, which organisation they act for, and what a first sign-in creates.
import { db } from '~/lib/db.server'
import { displayName } from '~/lib/format'
import { listedTimeZone } from '~/lib/time-zones'
import { isRegistrationEnabled } from '~/areas/organisation/settings.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
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
    // Its first depot (issue 37), in the same write; named as stock/depot.server.ts's FIRST_DEPOT_NAME
    // (people sits below stock, so it cannot import it).
    await tx.depot.create({ data: { organisationId: organisation.id, name: 'Main depot' } })
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

// Lives with the other formatting so models below this one can name people too.
export { displayName } from '~/lib/format'
