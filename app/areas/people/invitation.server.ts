// Invitations to join an organisation (issue 26): e-mailed with a link `/invite/<token>`. The token
// is random and kept only as its digest; an invitation is used once, lasts seven days, can be revoked,
// and a resend replaces its token (the old link stops working). Accepting needs the e-mail the
// identity provider vouched for to be the invited address.
import crypto from 'node:crypto'
import { Conflict, DomainError, NotFound, TooManyRequests } from '~/lib/errors'
import { displayName, formatDate, roleWithArticle } from '~/lib/format'
import { sql as fragment, type ExpressionBuilder, type InferResult } from 'kysely'
import { tables, type Tables } from '~/lib/sql-builder.server'
import { readNow, sqlDate, writeTogether, type Sql } from '~/lib/sql.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import type { InvitableRole } from '~/areas/people/team.schema'
import { sendMail } from '~/areas/outbox/mail.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { organisationIdentity } from '~/areas/organisation/organisation-identity.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'

export const INVITATION_LIFETIME_DAYS = 7
export const INVITATIONS_PER_DAY = 50
const DAY_MS = 24 * 60 * 60 * 1000

export type InvitationView = { id: string; email: string; role: string; expiresAt: string; createdAt: string; expired: boolean }

/** Who is inviting, for the e-mail and the audit log. */
export type Inviter = { userId: string; name: string }

export class InvitationNotSent extends DomainError {
  status = 502
}

const INVITATION_COLUMNS = ['id', 'organisationId', 'email', 'role', 'tokenHash', 'expiresAt', 'createdAt', 'acceptedAt', 'revokedAt'] as const
const invitations = () => tables.selectFrom('Invitation').select(INVITATION_COLUMNS)
type InvitationRow = InferResult<ReturnType<typeof invitations>>[number]

/** An invitation by its link's token, with its organisation's name. */
const invitationByToken = (token: string) =>
  tables
    .selectFrom('Invitation as i')
    .innerJoin('Organisation as o', 'o.id', 'i.organisationId')
    .select(INVITATION_COLUMNS.map((column) => `i.${column}` as const))
    .select('o.name as organisationName')
    .where('i.tokenHash', '=', hashToken(token))

/** Neither accepted nor revoked. */
const stillOpen = (eb: ExpressionBuilder<Tables, 'Invitation'>) => eb.and([eb('acceptedAt', 'is', null), eb('revokedAt', 'is', null)])

function viewOf(row: InvitationRow, now = Date.now()): InvitationView {
  const expiresAt = new Date(row.expiresAt)
  return { id: row.id, email: row.email, role: row.role, expiresAt: expiresAt.toISOString(), createdAt: new Date(row.createdAt).toISOString(), expired: expiresAt.getTime() <= now }
}

const normalised = (email: string) => email.trim().toLowerCase()

/** Invitations neither accepted nor revoked, newest first; expired ones stay listed so they can be resent. */
export async function listInvitations(orgId: string): Promise<InvitationView[]> {
  const rows = await readNow((sql) =>
    sql.all(invitations().where('organisationId', '=', orgId).where(stillOpen).orderBy('createdAt', 'desc')),
  )
  const now = Date.now()
  return rows.map((r) => viewOf(r, now))
}

/**
 * At most 50 invitation e-mails a day per organisation, new ones and resends alike (a resend is as
 * good a way to flood someone's inbox). Resends are counted from the audit log, which records each.
 */
function refuseOverDailyAllowance(sql: Sql, orgId: string, now: Date) {
  const since = sqlDate(new Date(now.getTime() - DAY_MS))
  const sent = sql.one(
    tables.selectNoFrom((eb) =>
      eb(
        eb.selectFrom('Invitation').select((c) => c.fn.countAll<number>().as('n')).where('organisationId', '=', orgId).where('createdAt', '>', since),
        '+',
        eb
          .selectFrom('AuditEvent')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where('organisationId', '=', orgId)
          .where('action', '=', fragment.lit('member.invitation_resent'))
          .where('at', '>', since),
      ).as('n'),
    ),
  )?.n ?? 0
  if (sent >= INVITATIONS_PER_DAY) throw new TooManyRequests(`At most ${INVITATIONS_PER_DAY} invitations a day per organisation. Try again tomorrow.`)
}

/**
 * Invites an address with a role and e-mails the link. 409 when the address is already a member or
 * already has a pending invitation; 429 past the day's allowance. Checked and written in one
 * transaction, so two clicks cannot invite twice.
 */
export async function inviteMember(orgId: string, inviter: Inviter, input: { email: string; role: InvitableRole }, origin: string) {
  const email = normalised(input.email)
  const token = newToken()
  const now = new Date()
  const id = crypto.randomUUID()
  await writeTogether((sql) => {
    const member = sql.one(
      tables.selectFrom('Membership as m').innerJoin('User as u', 'u.id', 'm.userId').select(fragment.lit(1).as('one')).where('m.organisationId', '=', orgId).where('u.email', '=', email),
    )
    if (member) throw new Conflict(`${email} is already a member of this organisation.`)
    const pending = sql.one(
      tables.selectFrom('Invitation').select(fragment.lit(1).as('one')).where('organisationId', '=', orgId).where('email', '=', email).where(stillOpen).where('expiresAt', '>', sqlDate(now)),
    )
    if (pending) throw new Conflict(`${email} has already been invited. Resend or revoke that invitation instead.`)
    refuseOverDailyAllowance(sql, orgId, now)
    sql.run(
      tables.insertInto('Invitation').values({
        id,
        organisationId: orgId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: inviter.userId,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
        createdAt: now,
      }),
    )
  })
  const row = await invitationRow(orgId, id)
  try {
    await emailInvitation(row, token, inviter, origin)
  } catch (err) {
    // Nobody could ever use an invitation whose link was never sent: take it back, so a retry is not a 409.
    await writeTogether((sql) => sql.run(tables.deleteFrom('Invitation').where('id', '=', id)))
    throw err
  }
  await recordAudit({ orgId, action: 'member.invited', target: { type: 'invitation', id }, details: { email, role: input.role } })
  return { invitation: publicView(row) }
}

/** What an answer may show of an invitation: never its token. */
const publicView = (row: InvitationRow) => {
  const { id, email, role, expiresAt } = viewOf(row)
  return { id, email, role, expiresAt }
}

async function invitationRow(orgId: string, id: string) {
  const row = await readNow((sql) => sql.one(invitations().where('id', '=', id).where('organisationId', '=', orgId)))
  if (!row) throw new NotFound('Invitation not found')
  return row
}

/** A new link for a pending (or lapsed) invitation, valid seven days from now; the old link stops working. */
export async function resendInvitation(orgId: string, inviter: Inviter, id: string, origin: string) {
  const row = await invitationRow(orgId, id)
  if (row.acceptedAt) throw new Conflict('This invitation was already accepted.')
  if (row.revokedAt) throw new Conflict('This invitation was revoked. Invite the person again instead.')
  const token = newToken()
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_DAYS * DAY_MS)
  await writeTogether((sql) => {
    refuseOverDailyAllowance(sql, orgId, new Date())
    sql.run(tables.updateTable('Invitation').set({ tokenHash: hashToken(token), expiresAt }).where('id', '=', id).where('organisationId', '=', orgId).where(stillOpen))
  })
  const renewed = { ...row, expiresAt: sqlDate(expiresAt) }
  try {
    await emailInvitation(renewed, token, inviter, origin)
  } catch (err) {
    // Nothing reached the person: the link they already have keeps working.
    await writeTogether((sql) =>
      sql.run(
        tables
          .updateTable('Invitation')
          .set({ tokenHash: row.tokenHash, expiresAt: new Date(row.expiresAt) })
          .where('id', '=', id)
          .where('organisationId', '=', orgId)
          .where('tokenHash', '=', hashToken(token)),
      ),
    )
    throw err
  }
  await recordAudit({ orgId, action: 'member.invitation_resent', target: { type: 'invitation', id }, details: { email: row.email, role: row.role } })
  return { invitation: publicView(renewed) }
}

/** Takes an invitation back: its link opens nothing any more. Revoking twice is harmless. */
export async function revokeInvitation(orgId: string, id: string) {
  const row = await invitationRow(orgId, id)
  if (row.acceptedAt) throw new Conflict('This invitation was already accepted. Remove the member instead.')
  if (!row.revokedAt) {
    await writeTogether((sql) =>
      sql.run(tables.updateTable('Invitation').set({ revokedAt: new Date() }).where('id', '=', id).where('organisationId', '=', orgId).where('revokedAt', 'is', null)),
    )
    await recordAudit({ orgId, action: 'member.invitation_revoked', target: { type: 'invitation', id }, details: { email: row.email, role: row.role } })
  }
  return { invitation: publicView(row), revoked: true }
}

async function emailInvitation(row: InvitationRow, token: string, inviter: Inviter, origin: string) {
  const [organisation, timeZone] = await Promise.all([organisationIdentity(row.organisationId), organisationTimeZone(row.organisationId)])
  const link = `${origin}/invite/${token}`
  // On the organisation's clock and in the Team page's words ("expires Dec 3, 2026"), so both read the same.
  const expires = formatDate(row.expiresAt, timeZone)
  const text = [
    'Hello,',
    '',
    `${inviter.name} invited you to join ${organisation.name} on Stockrun as ${roleWithArticle(row.role)}.`,
    '',
    'Open this link to accept:',
    link,
    '',
    `Sign in with this address (${row.email}). The link works once and expires ${expires}.`,
  ].join('\n')
  const html = `<p>Hello,</p><p>${escapeHtml(inviter.name)} invited you to join <strong>${escapeHtml(organisation.name)}</strong> on Stockrun as ${roleWithArticle(row.role)}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>Sign in with this address (${escapeHtml(row.email)}). The link works once and expires ${escapeHtml(expires)}.</p>`
  try {
    await sendMail({ fromName: organisation.name, to: row.email, subject: `${inviter.name} invited you to ${organisation.name} on Stockrun`, text, html })
  } catch (err) {
    throw new InvitationNotSent(`The invitation e-mail could not be sent: ${err instanceof Error ? err.message : String(err)}`)
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type InvitationState = 'pending' | 'expired' | 'revoked' | 'accepted' | 'unknown'

const stateOf = (row: InvitationRow, now = Date.now()): InvitationState =>
  row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : new Date(row.expiresAt).getTime() <= now ? 'expired' : 'pending'

const UNUSABLE: Record<Exclude<InvitationState, 'pending'>, string> = {
  unknown: 'This invitation link is not valid.',
  accepted: 'This invitation was already used.',
  revoked: 'This invitation was revoked.',
  expired: 'This invitation has expired.',
}

/** What the link opens, for the invitation page: never more than the address, the role and the organisation's name. */
export async function invitationBehind(token: string) {
  const row = await readNow((sql) => sql.one(invitationByToken(token)))
  if (!row) return { state: 'unknown' as InvitationState, invitation: null }
  return { state: stateOf(row), invitation: { email: row.email, role: row.role, organisationId: row.organisationId, organisationName: row.organisationName } }
}

/**
 * Whether a link is one a signed-out person may sign in through without an organisation of their own.
 * Whoever holds it: someone with another address then gets the page naming the invited one and joins
 * nothing, instead of an empty organisation they never asked for; their user row opens nothing.
 */
export async function isPendingInvitation(token: string) {
  return (await invitationBehind(token)).state === 'pending'
}

/** The link is unknown, used, revoked or expired: the invitation page says which. */
class InvitationUnusable extends Conflict {}
export class InvitationForAnotherAddress extends DomainError {
  status = 403
  constructor(readonly invitedEmail: string) {
    super(`This invitation is for ${invitedEmail}. Sign in with that address to accept it.`)
  }
}

/**
 * The signed-in person accepts: they join with the invited role, the invitation is used up. Checked
 * and written in one transaction, so a link cannot be used twice.
 */
export async function acceptInvitation(token: string, person: { userId: string; email: string; firstName: string | null; lastName: string | null }) {
  const now = new Date()
  const joined = await writeTogether((sql) => {
    const row = sql.one(invitationByToken(token))
    const state = row ? stateOf(row, now.getTime()) : 'unknown'
    if (!row || state !== 'pending') throw new InvitationUnusable(UNUSABLE[state as Exclude<InvitationState, 'pending'>])
    if (normalised(person.email) !== row.email) throw new InvitationForAnotherAddress(row.email)
    const already = sql.one(tables.selectFrom('Membership').select(fragment.lit(1).as('one')).where('userId', '=', person.userId).where('organisationId', '=', row.organisationId))
    if (!already) {
      sql.run(
        tables
          .insertInto('Membership')
          .values({ id: crypto.randomUUID(), userId: person.userId, organisationId: row.organisationId, role: row.role, createdAt: now, lastActiveAt: now }),
      )
    }
    sql.run(tables.updateTable('Invitation').set({ acceptedAt: now, acceptedById: person.userId }).where('id', '=', row.id))
    return row
  })
  await recordAudit({
    orgId: joined.organisationId,
    action: 'member.invitation_accepted',
    target: { type: 'user', id: person.userId },
    actor: { type: 'user', id: person.userId, name: displayName(person), orgId: joined.organisationId },
    details: { email: joined.email, role: joined.role, invitationId: joined.id },
  })
  return { orgId: joined.organisationId, organisationName: joined.organisationName, role: joined.role }
}
