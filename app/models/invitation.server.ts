// Invitations to join an organisation (issue 26): e-mailed with a link `/invite/<token>`. The token
// is random and kept only as its digest; an invitation is used once, lasts seven days, can be revoked,
// and a resend replaces its token (the old link stops working). Accepting needs the e-mail the
// identity provider vouched for to be the invited address.
import crypto from 'node:crypto'
import { db } from '~/lib/db.server'
import { Conflict, DomainError, NotFound, TooManyRequests } from '~/lib/errors'
import { displayName, formatDate, roleWithArticle } from '~/lib/format'
import { readNow, sqlDate, writeTogether, type Sql } from '~/lib/sql.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import type { InvitableRole } from '~/lib/schemas/team'
import { sendMail } from '~/services/mail.server'
import { recordAudit } from './audit-log.server'
import { organisationIdentity } from './organisation-identity.server'
import { organisationTimeZone } from './organisation-time-zone.server'

export const INVITATION_LIFETIME_DAYS = 7
export const INVITATIONS_PER_DAY = 50
const DAY_MS = 24 * 60 * 60 * 1000

export type InvitationView = { id: string; email: string; role: string; expiresAt: string; createdAt: string; expired: boolean }

/** Who is inviting, for the e-mail and the audit log. */
export type Inviter = { userId: string; name: string }

export class InvitationNotSent extends DomainError {
  status = 502
}

type InvitationRow = { id: string; organisationId: string; email: string; role: string; tokenHash: string; expiresAt: string; createdAt: string; acceptedAt: string | null; revokedAt: string | null }

function viewOf(row: InvitationRow, now = Date.now()): InvitationView {
  const expiresAt = new Date(row.expiresAt)
  return { id: row.id, email: row.email, role: row.role, expiresAt: expiresAt.toISOString(), createdAt: new Date(row.createdAt).toISOString(), expired: expiresAt.getTime() <= now }
}

const normalised = (email: string) => email.trim().toLowerCase()

/** Invitations neither accepted nor revoked, newest first; expired ones stay listed so they can be resent. */
export async function listInvitations(orgId: string): Promise<InvitationView[]> {
  const rows = await readNow((sql) =>
    sql.all<InvitationRow>('SELECT * FROM Invitation WHERE organisationId = ? AND acceptedAt IS NULL AND revokedAt IS NULL ORDER BY createdAt DESC', orgId),
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
  const sent = sql.one<{ n: number }>(
    `SELECT (SELECT COUNT(*) FROM Invitation WHERE organisationId = ? AND createdAt > ?)
      + (SELECT COUNT(*) FROM AuditEvent WHERE organisationId = ? AND action = 'member.invitation_resent' AND at > ?) AS n`,
    orgId,
    since,
    orgId,
    since,
  )!.n
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
    const member = sql.one('SELECT 1 FROM Membership m JOIN User u ON u.id = m.userId WHERE m.organisationId = ? AND u.email = ?', orgId, email)
    if (member) throw new Conflict(`${email} is already a member of this organisation.`)
    const pending = sql.one('SELECT 1 FROM Invitation WHERE organisationId = ? AND email = ? AND acceptedAt IS NULL AND revokedAt IS NULL AND expiresAt > ?', orgId, email, sqlDate(now))
    if (pending) throw new Conflict(`${email} has already been invited. Resend or revoke that invitation instead.`)
    refuseOverDailyAllowance(sql, orgId, now)
    sql.run(
      'INSERT INTO Invitation (id, organisationId, email, role, tokenHash, invitedById, expiresAt, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      orgId,
      email,
      input.role,
      hashToken(token),
      inviter.userId,
      sqlDate(new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS)),
      sqlDate(now),
    )
  })
  const row = await invitationRow(orgId, id)
  try {
    await emailInvitation(row, token, inviter, origin)
  } catch (err) {
    // Nobody could ever use an invitation whose link was never sent: take it back, so a retry is not a 409.
    await db.invitation.delete({ where: { id } })
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
  const row = await readNow((sql) => sql.one<InvitationRow>('SELECT * FROM Invitation WHERE id = ? AND organisationId = ?', id, orgId))
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
    sql.run('UPDATE Invitation SET tokenHash = ?, expiresAt = ? WHERE id = ? AND organisationId = ? AND acceptedAt IS NULL AND revokedAt IS NULL', hashToken(token), sqlDate(expiresAt), id, orgId)
  })
  const renewed = { ...row, expiresAt: sqlDate(expiresAt) }
  try {
    await emailInvitation(renewed, token, inviter, origin)
  } catch (err) {
    // Nothing reached the person: the link they already have keeps working.
    await writeTogether((sql) =>
      sql.run('UPDATE Invitation SET tokenHash = ?, expiresAt = ? WHERE id = ? AND organisationId = ? AND tokenHash = ?', row.tokenHash, row.expiresAt, id, orgId, hashToken(token)),
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
    await writeTogether((sql) => sql.run('UPDATE Invitation SET revokedAt = ? WHERE id = ? AND organisationId = ? AND revokedAt IS NULL', sqlDate(new Date()), id, orgId))
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
  const row = await readNow((sql) =>
    sql.one<InvitationRow & { organisationName: string }>(
      'SELECT i.*, o.name AS organisationName FROM Invitation i JOIN Organisation o ON o.id = i.organisationId WHERE i.tokenHash = ?',
      hashToken(token),
    ),
  )
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
    const row = sql.one<InvitationRow & { organisationName: string }>(
      'SELECT i.*, o.name AS organisationName FROM Invitation i JOIN Organisation o ON o.id = i.organisationId WHERE i.tokenHash = ?',
      hashToken(token),
    )
    const state = row ? stateOf(row, now.getTime()) : 'unknown'
    if (!row || state !== 'pending') throw new InvitationUnusable(UNUSABLE[state as Exclude<InvitationState, 'pending'>])
    if (normalised(person.email) !== row.email) throw new InvitationForAnotherAddress(row.email)
    const already = sql.one('SELECT 1 FROM Membership WHERE userId = ? AND organisationId = ?', person.userId, row.organisationId)
    if (!already) {
      sql.run(
        'INSERT INTO Membership (id, userId, organisationId, role, createdAt, lastActiveAt) VALUES (?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        person.userId,
        row.organisationId,
        row.role,
        sqlDate(now),
        sqlDate(now),
      )
    }
    sql.run('UPDATE Invitation SET acceptedAt = ?, acceptedById = ? WHERE id = ?', sqlDate(now), person.userId, row.id)
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
