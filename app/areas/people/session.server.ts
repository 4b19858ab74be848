// Persistence for signed-in sessions (spec's `session` entity: sid, sess, expire).
import crypto from 'node:crypto'
import { tables } from '~/lib/sql-builder.server'
import { readNow, sqlDate, writeTogether } from '~/lib/sql.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'

type SessionData = Record<string, unknown>

function userIdOf(data: SessionData) {
  return typeof data.userId === 'string' ? data.userId : null
}

export async function createSessionRecord(data: SessionData, expires?: Date) {
  const sid = crypto.randomBytes(32).toString('base64url')
  await writeTogether((sql) => sql.run(tables.insertInto('Session').values({ sid, sess: JSON.stringify(data), expire: expires ?? defaultExpiry(), userId: userIdOf(data) })))
  return sid
}

export async function readSessionRecord(sid: string): Promise<SessionData | null> {
  // Every signed-in request reads this: a kept statement, not the ORM's ~1 ms (decisions 059, 063).
  const row = await readNow((sql) => sql.one(tables.selectFrom('Session').select(['sess', 'expire']).where('sid', '=', sid)))
  if (!row) return null
  // An expired row is left for the primary's sweep: reading a session must not write (any machine may be a replica).
  if (new Date(row.expire).getTime() <= Date.now()) return null
  try {
    return JSON.parse(row.sess) as SessionData
  } catch {
    return null
  }
}

export async function updateSessionRecord(sid: string, data: SessionData, expires?: Date) {
  const values = { sess: JSON.stringify(data), expire: expires ?? defaultExpiry(), userId: userIdOf(data) }
  await writeTogether((sql) => sql.run(tables.insertInto('Session').values({ sid, ...values }).onConflict((oc) => oc.column('sid').doUpdateSet(values))))
}

export async function deleteSessionRecord(sid: string) {
  await writeTogether((sql) => sql.run(tables.deleteFrom('Session').where('sid', '=', sid)))
}

/** Ends every session the user has, on every browser and device ("sign out everywhere"). */
export async function deleteAllSessionsOf(userId: string) {
  const count = await writeTogether((sql) => sql.run(tables.deleteFrom('Session').where('userId', '=', userId)).changes)
  await recordAudit({ action: 'user.signed_out_everywhere', target: { type: 'user', id: userId }, details: { sessionsEnded: count } })
  return count
}

/** Drops sessions past their expiry; called now and then so the table does not grow without end. */
export async function deleteExpiredSessions() {
  await writeTogether((sql) => sql.run(tables.deleteFrom('Session').where('expire', '<', sqlDate(new Date()))))
}

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14

function defaultExpiry() {
  return new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)
}
