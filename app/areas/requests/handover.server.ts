// The handover code (issue 16): four digits the vendor shows the runner, so a delivery is marked
// delivered only in front of the person who asked for it.
//
// Storage: the code is never stored. It is derived from the vendor's tracking token (which only the
// vendor holds; the database keeps the token's digest), so the tracking page can show it again at any
// time. To check a code the database keeps an HMAC of it keyed by the session secret, so a copy of the
// database alone (a backup, a replica) cannot brute-force the 10,000 possibilities. See decision 031.
import crypto from 'node:crypto'
import type { Prisma } from '@prisma/client'
import { env } from '~/lib/env.server'
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, sqlWithin, writeTogether, type Sql } from '~/lib/sql.server'
import { Invalid } from '~/lib/errors'
import { getOrganisationSettings } from '~/areas/organisation/organisation-settings.server'
import { findStorefrontOwner } from '~/areas/catalogue/storefront.server'

export const HANDOVER_MAX_WRONG = 5
export const HANDOVER_LOCK_MINUTES = 15

/** 422: the code is missing or wrong; the runner can try again. */
export class HandoverRefused extends Invalid {
  status = 422
}
/** 429: too many wrong codes; the delivery waits out the lock. */
export class HandoverLocked extends Invalid {
  status = 429
}

export const HANDOVER_MESSAGES = {
  required: 'Enter the 4-digit handover code the vendor was given, or choose "Nobody to take it" with a photo and a note.',
  noCode: 'This request has no handover code (it was made before codes existed): leave the code empty.',
  wrong: (left: number) => `That handover code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left before this delivery locks.`,
  locked: (minutes: number) =>
    `Too many wrong handover codes. This delivery is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}; ask the vendor for their code.`,
} as const

/** The vendor's code, the same every time for the same tracking token. */
export function handoverCodeFor(trackingToken: string) {
  const digest = crypto.createHmac('sha256', 'stockrun-handover-code').update(trackingToken, 'utf8').digest()
  return String(digest.readUInt32BE(0) % 10_000).padStart(4, '0')
}

function codeDigest(secret: string, requestId: string, code: string) {
  return crypto.createHmac('sha256', secret).update(`handover:${requestId}:${code}`, 'utf8').digest('hex')
}

/** Part of the transaction that creates the request; returns the code to show the vendor once. */
export async function giveHandoverCode(tx: Prisma.TransactionClient, requestId: string, trackingToken: string) {
  return giveHandoverCodeIn(await sqlWithin(tx), requestId, trackingToken)
}

/** The same inside a plain-SQL transaction (lib/sql.server.ts): the row that lets a runner check the code. */
export function giveHandoverCodeIn(sql: Sql, requestId: string, trackingToken: string) {
  const code = handoverCodeFor(trackingToken)
  sql.run(insertCode({ requestId, codeHash: codeDigest(env().sessionSecrets[0]!, requestId, code), createdAt: new Date() }))
  return code
}

// Compiled once (decision 125): every vendor submission writes one.
const insertCode = compiledOnce((c: { requestId: string; codeHash: string; createdAt: Date }) =>
  tables.insertInto('HandoverCode').values({ requestId: c.requestId, codeHash: c.codeHash, createdAt: c.createdAt }),
)

function codeMatches(stored: string, requestId: string, code: string) {
  // Every secret still accepted, so rotating SESSION_SECRET does not strand open deliveries.
  return env().sessionSecrets.some((secret) => {
    const given = Buffer.from(codeDigest(secret, requestId, code), 'hex')
    const kept = Buffer.from(stored, 'hex')
    return given.length === kept.length && crypto.timingSafeEqual(given, kept)
  })
}

export type HandoverTarget = { id: string; organisationId: string; requestId: string }

/**
 * How a delivery was handed over: the right code was shown ('confirmed'), no code was asked for or
 * given ('none'), or nobody was there to give it and the runner left a photo and a note instead
 * ('without_code', which managers are told of).
 */
export type Handover = 'confirmed' | 'none' | 'without_code'

/** Whether the property's organisation requires the code, for the vendor's confirmation page. */
export async function handoverRequiredAt(propertyId: string) {
  const { organisationId } = await findStorefrontOwner(propertyId)
  return (await getOrganisationSettings(organisationId)).requireHandoverCode
}

/** What the runner's screens say about the code of each request (one read for a whole portal). */
export async function handoverRules(orgId: string, requestIds: string[]) {
  const [withCode, settings] = await Promise.all([
    requestIds.length
      ? readNow((sql) =>
          sql.all(
            tables
              .selectFrom('HandoverCode as c')
              .innerJoin('ProductRequest as r', 'r.id', 'c.requestId')
              .select('c.requestId')
              .where('c.requestId', 'in', listed(requestIds))
              .where('r.organisationId', '=', orgId),
          ),
        )
      : [],
    getOrganisationSettings(orgId),
  ])
  const coded = new Set(withCode.map((c) => c.requestId))
  return (requestId: string) => (coded.has(requestId) ? (settings.requireHandoverCode ? 'required' : 'optional') : 'none') as HandoverRule
}
/** 'required' and 'optional' for a request with a code; 'none' for one made before codes existed. */
export type HandoverRule = 'required' | 'optional' | 'none'

/**
 * Checks the code before an assignment is marked delivered. With the organisation's setting on, a
 * request that has a code needs it, unless nobody is there to give it; without, a code given is still
 * checked (a wrong one means the wrong door). A request made before codes existed refuses any code
 * rather than taking it in silence. A wrong code is counted (outside the caller's transaction, so a
 * refusal still counts) and the fifth locks the delivery.
 */
export async function checkHandoverCode(a: HandoverTarget, given: string | null | undefined, options: { nobodyThere?: boolean } = {}, now = new Date()): Promise<Handover> {
  const [[stored, kept], settings] = await Promise.all([
    readNow(
      (sql) =>
        [
          sql.one(tables.selectFrom('HandoverCode').select('codeHash').where('requestId', '=', a.requestId)),
          sql.one(tables.selectFrom('HandoverCheck').select('lockedUntil').where('assignmentId', '=', a.id)),
        ] as const,
    ),
    getOrganisationSettings(a.organisationId),
  ])
  const check = kept && { lockedUntil: kept.lockedUntil === null ? null : new Date(kept.lockedUntil) }
  const code = given?.trim() || null
  if (!stored) {
    if (code) throw new HandoverRefused(HANDOVER_MESSAGES.noCode, { handoverCode: [HANDOVER_MESSAGES.noCode] })
    return 'none'
  }
  if (!code && options.nobodyThere) return 'without_code'
  if (!code && !settings.requireHandoverCode) return 'none'
  if (check?.lockedUntil && check.lockedUntil > now) {
    const minutes = Math.ceil((check.lockedUntil.getTime() - now.getTime()) / 60_000)
    throw new HandoverLocked(HANDOVER_MESSAGES.locked(minutes), { handoverCode: [HANDOVER_MESSAGES.locked(minutes)] })
  }
  if (!code) throw new HandoverRefused(HANDOVER_MESSAGES.required, { handoverCode: [HANDOVER_MESSAGES.required] })
  if (/^\d{4}$/.test(code) && codeMatches(stored.codeHash, a.requestId, code)) return 'confirmed'

  // A lock that ran out starts a fresh count.
  const expired = check?.lockedUntil && check.lockedUntil <= now
  const failedAttempts = await writeTogether((sql) => {
    const counted = sql.one(
      tables
        .insertInto('HandoverCheck')
        .values({ assignmentId: a.id, failedAttempts: 1 })
        .onConflict((oc) =>
          oc.column('assignmentId').doUpdateSet((eb) => (expired ? { failedAttempts: 1, lockedUntil: null } : { failedAttempts: eb('HandoverCheck.failedAttempts', '+', 1) })),
        )
        .returning('failedAttempts'),
    )!.failedAttempts
    if (counted >= HANDOVER_MAX_WRONG) {
      sql.run(
        tables
          .updateTable('HandoverCheck')
          .set({ failedAttempts: 0, lockedUntil: new Date(now.getTime() + HANDOVER_LOCK_MINUTES * 60_000) })
          .where('assignmentId', '=', a.id),
      )
    }
    return counted
  })
  if (failedAttempts >= HANDOVER_MAX_WRONG) {
    throw new HandoverLocked(HANDOVER_MESSAGES.locked(HANDOVER_LOCK_MINUTES), { handoverCode: [HANDOVER_MESSAGES.locked(HANDOVER_LOCK_MINUTES)] })
  }
  const message = HANDOVER_MESSAGES.wrong(HANDOVER_MAX_WRONG - failedAttempts)
  throw new HandoverRefused(message, { handoverCode: [message] })
}

/** Inside the delivery's transaction: the right code was shown at the door, or nobody was there. */
export async function recordHandover(tx: Prisma.TransactionClient, assignmentId: string, handover: Handover, at = new Date()) {
  if (handover === 'none') return
  const data = handover === 'confirmed' ? { confirmedAt: at } : { withoutCodeAt: at }
  const sql = await sqlWithin(tx)
  sql.run(
    tables
      .insertInto('HandoverCheck')
      .values({ assignmentId, ...data })
      .onConflict((oc) => oc.column('assignmentId').doUpdateSet({ ...data, failedAttempts: 0, lockedUntil: null })),
  )
}

/** For the manager's proof view: when the code was confirmed, if it was. */
export async function handoverConfirmedAt(assignmentId: string) {
  const check = await readNow((sql) => sql.one(tables.selectFrom('HandoverCheck').select('confirmedAt').where('assignmentId', '=', assignmentId)))
  return check?.confirmedAt ? new Date(check.confirmedAt) : null
}
