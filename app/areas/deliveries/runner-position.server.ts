// Where runners are (issue 30): a runner who chose to share their position sends it from the
// portal while a run is in transit, at most every 30 s. Managers see it on the map; a vendor's
// tracking page only ever gets a distance from it. A position older than 10 minutes says nothing
// about where the runner is now, so it is not shown; rows are deleted after 7 days by the primary.
import type { ExpressionBuilder } from 'kysely'
import { z } from 'zod'
import { Conflict } from '~/lib/errors'
import { newRowId } from '~/lib/ids.server'
import { tables, type Tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, sqlDate, writeTogether } from '~/lib/sql.server'
import type { Point } from '~/areas/deliveries/route-order'

export const FRESH_MS = 10 * 60 * 1000
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000
export const SHARE_EVERY_MS = 30 * 1000

export const PositionInput = z.object({
  latitude: z.coerce.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  longitude: z.coerce.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
})

export type RunnerPosition = Point & { recordedAt: Date }

/** Each runner's newest position (any age we keep), for planning a run from where they are. */
export async function lastPositions(orgId: string, runnerIds: string[], options: { freshOnly?: boolean; now?: Date } = {}) {
  const found = new Map<string, RunnerPosition>()
  if (runnerIds.length === 0) return found
  const since = options.freshOnly ? new Date((options.now ?? new Date()).getTime() - FRESH_MS) : new Date(0)
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('RunnerPosition as p')
        .select(['p.runnerId', 'p.latitude', 'p.longitude', 'p.recordedAt'])
        .where('p.organisationId', '=', orgId)
        .where('p.runnerId', 'in', listed(runnerIds))
        .where('p.recordedAt', '>=', sqlDate(since))
        .where('p.recordedAt', '=', newestOfRunner),
    ),
  )
  for (const r of rows) found.set(r.runnerId, { lat: r.latitude, lng: r.longitude, recordedAt: new Date(r.recordedAt) })
  return found
}

/** Positions sent in the last 10 minutes, one per runner, for the managers' map. */
export async function freshRunnerPositions(orgId: string, now = new Date()) {
  return readNow((sql) =>
    sql.all(
      tables
        .selectFrom('RunnerPosition as p')
        .innerJoin('Runner as u', 'u.id', 'p.runnerId')
        .select(['p.runnerId', 'u.name', 'p.latitude', 'p.longitude', 'p.recordedAt'])
        .where('p.organisationId', '=', orgId)
        .where('p.recordedAt', '>=', sqlDate(new Date(now.getTime() - FRESH_MS)))
        .where('p.recordedAt', '=', newestOfRunner)
        .orderBy('u.name'),
    ),
  )
}

/** The time of the newest position of the runner of the row `p`. */
function newestOfRunner(eb: ExpressionBuilder<Tables & { p: Tables['RunnerPosition'] }, 'p'>) {
  return eb.selectFrom('RunnerPosition as q').select((q) => q.fn.max('q.recordedAt').as('at')).whereRef('q.runnerId', '=', 'p.runnerId')
}

/**
 * Keeps a position the runner shared, only while one of their deliveries is in transit, and at most
 * one per 30 s (a faster phone is answered, not stored). Answers whether it was kept.
 */
export async function recordPosition(runner: { id: string; organisationId: string }, position: z.infer<typeof PositionInput>, now = new Date()) {
  return writeTogether((sql) => {
    const moving = sql.one(
      tables
        .selectFrom('RunnerAssignment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('runnerId', '=', runner.id)
        .where('status', '=', 'in_transit'),
    )
    if (!moving?.n) throw new Conflict('Your position is shared only while a delivery is in transit.', { sharing: false })
    const last = sql.one(tables.selectFrom('RunnerPosition').select('recordedAt').where('runnerId', '=', runner.id).orderBy('recordedAt', 'desc').limit(1))
    if (last && now.getTime() - new Date(last.recordedAt).getTime() < SHARE_EVERY_MS - 1000) return { kept: false, sharing: true }
    sql.run(
      tables.insertInto('RunnerPosition').values({
        id: newRowId(),
        organisationId: runner.organisationId,
        runnerId: runner.id,
        latitude: position.latitude,
        longitude: position.longitude,
        recordedAt: now,
      }),
    )
    return { kept: true, sharing: true }
  })
}

/** The primary's job: positions older than 7 days go. */
export async function deleteOldPositions(now = new Date()) {
  return writeTogether((sql) => sql.run(tables.deleteFrom('RunnerPosition').where('recordedAt', '<', sqlDate(new Date(now.getTime() - KEEP_MS)))).changes)
}
