// What changed, in order, for the live updates managers watch (GET /api/events). A row is written in
// the same transaction as the change it announces, on the primary; LiteFS copies it to every replica,
// where the one shared poller (lib/live-events.server.ts) finds it by its increasing id.
import type { Prisma } from '@prisma/client'
import { LiveHub } from '~/lib/live-events.server'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, sqlDate, sqlWithin, writeTogether, type Sql } from '~/lib/sql.server'

export const ACTIVITY_TYPES = ['request.created', 'request.updated', 'assignment.updated', 'notification.created'] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

export type ActivityEvent = { seq: number; organisationId: string; type: ActivityType; id: string; at: Date }

/** A resuming client gets at most this many missed events; older ones are pruned anyway. */
export const RESUME_LIMIT = 500
/** Live updates are for what happens now: a day of events is plenty for resuming. */
export const KEEP_EVENTS_MS = 24 * 60 * 60 * 1000

/**
 * Written by most changes, often several per change (an assignment writes three): a raw insert
 * costs about a third of the ORM's `create`, which compiles and maps the returned row that no
 * caller reads (decisions 059, 063). `at` is stored as the ORM stores dates.
 */
export async function recordActivity(tx: Prisma.TransactionClient, orgId: string, type: ActivityType, subjectId: string) {
  recordActivityIn(await sqlWithin(tx), orgId, type, subjectId)
}

/** The same, inside a plain-SQL transaction (lib/sql.server.ts). */
export function recordActivityIn(sql: Sql, orgId: string, type: ActivityType, subjectId: string) {
  sql.run(insertEvent({ organisationId: orgId, type, subjectId, at: new Date() }))
}

// Compiled once (decision 125): the most written row of all.
const insertEvent = compiledOnce((e: { organisationId: string; type: ActivityType; subjectId: string; at: Date }) =>
  tables.insertInto('ActivityEvent').values({ organisationId: e.organisationId, type: e.type, subjectId: e.subjectId, at: e.at }),
)

function toEvent(row: { id: number; organisationId: string; type: string; subjectId: string; at: string }): ActivityEvent {
  return { seq: row.id, organisationId: row.organisationId, type: row.type as ActivityType, id: row.subjectId, at: new Date(row.at) }
}

const EVENT_COLUMNS = ['id', 'organisationId', 'type', 'subjectId', 'at'] as const

/** The newest event's position (0 when there is none): where a fresh listener starts. */
export async function latestActivitySeq() {
  const row = await readNow((sql) => sql.one(tables.selectFrom('ActivityEvent').select('id').orderBy('id', 'desc').limit(1)))
  return row?.id ?? 0
}

/** Every organisation's events after `seq`, oldest first: the one query the shared poller runs. */
export async function activityAfter(seq: number, take = 1000) {
  const rows = await readNow((sql) => sql.all(tables.selectFrom('ActivityEvent').select(EVENT_COLUMNS).where('id', '>', seq).orderBy('id', 'asc').limit(take)))
  return rows.map(toEvent)
}

/** One organisation's events after `seq` (a client resuming with Last-Event-ID). */
export async function organisationActivityAfter(orgId: string, seq: number) {
  const rows = await readNow((sql) =>
    sql.all(tables.selectFrom('ActivityEvent').select(EVENT_COLUMNS).where('organisationId', '=', orgId).where('id', '>', seq).orderBy('id', 'asc').limit(RESUME_LIMIT)),
  )
  return rows.map(toEvent)
}

/** Drops events older than a day (a primary job). */
export async function pruneActivity(now: Date) {
  return writeTogether((sql) => sql.run(tables.deleteFrom('ActivityEvent').where('at', '<', sqlDate(new Date(now.getTime() - KEEP_EVENTS_MS)))).changes)
}

declare global {
  var __stockrunLiveHub: LiveHub<ActivityEvent> | undefined
}

/** The one poller of this process that every live stream listens to (kept across dev reloads). */
export function liveActivity() {
  return (globalThis.__stockrunLiveHub ??= new LiveHub<ActivityEvent>({ latest: latestActivitySeq, after: activityAfter }))
}
