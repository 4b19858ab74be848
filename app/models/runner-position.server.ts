// Where runners are (issue 30): a runner who chose to share their position sends it from the
// portal while a run is in transit, at most every 30 s. Managers see it on the map; a vendor's
// tracking page only ever gets a distance from it. A position older than 10 minutes says nothing
// about where the runner is now, so it is not shown; rows are deleted after 7 days by the primary.
import { Prisma } from '@prisma/client'
import { z } from 'zod'
import { Conflict } from '~/lib/errors'
import { newRowId } from '~/lib/ids.server'
import { readRows, sqlDate, writeTogether } from '~/lib/sql.server'
import type { Point } from '~/lib/route-order'

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
  const rows = await readRows<{ runnerId: string; latitude: number; longitude: number; recordedAt: string }>(Prisma.sql`
    SELECT p.runnerId, p.latitude, p.longitude, p.recordedAt FROM RunnerPosition p
    WHERE p.organisationId = ${orgId} AND p.runnerId IN (SELECT value FROM json_each(${JSON.stringify(runnerIds)}))
      AND p.recordedAt >= ${since}
      AND p.recordedAt = (SELECT MAX(q.recordedAt) FROM RunnerPosition q WHERE q.runnerId = p.runnerId)`)
  for (const r of rows) found.set(r.runnerId, { lat: r.latitude, lng: r.longitude, recordedAt: new Date(r.recordedAt) })
  return found
}

/** Positions sent in the last 10 minutes, one per runner, for the managers' map. */
export async function freshRunnerPositions(orgId: string, now = new Date()) {
  return readRows<{ runnerId: string; name: string; latitude: number; longitude: number; recordedAt: string }>(Prisma.sql`
    SELECT p.runnerId, u.name, p.latitude, p.longitude, p.recordedAt FROM RunnerPosition p JOIN Runner u ON u.id = p.runnerId
    WHERE p.organisationId = ${orgId} AND p.recordedAt >= ${new Date(now.getTime() - FRESH_MS)}
      AND p.recordedAt = (SELECT MAX(q.recordedAt) FROM RunnerPosition q WHERE q.runnerId = p.runnerId)
    ORDER BY u.name`)
}

/**
 * Keeps a position the runner shared, only while one of their deliveries is in transit, and at most
 * one per 30 s (a faster phone is answered, not stored). Answers whether it was kept.
 */
export async function recordPosition(runner: { id: string; organisationId: string }, position: z.infer<typeof PositionInput>, now = new Date()) {
  return writeTogether((sql) => {
    const moving = sql.one<{ n: number }>("SELECT COUNT(*) AS n FROM RunnerAssignment WHERE runnerId = ? AND status = 'in_transit'", runner.id)
    if (!moving?.n) throw new Conflict('Your position is shared only while a delivery is in transit.', { sharing: false })
    const last = sql.one<{ recordedAt: string }>('SELECT recordedAt FROM RunnerPosition WHERE runnerId = ? ORDER BY recordedAt DESC LIMIT 1', runner.id)
    if (last && now.getTime() - new Date(last.recordedAt).getTime() < SHARE_EVERY_MS - 1000) return { kept: false, sharing: true }
    sql.run(
      'INSERT INTO RunnerPosition (id, organisationId, runnerId, latitude, longitude, recordedAt) VALUES (?, ?, ?, ?, ?, ?)',
      newRowId(),
      runner.organisationId,
      runner.id,
      position.latitude,
      position.longitude,
      sqlDate(now),
    )
    return { kept: true, sharing: true }
  })
}

/** The primary's job: positions older than 7 days go. */
export async function deleteOldPositions(now = new Date()) {
  return writeTogether((sql) => sql.run('DELETE FROM RunnerPosition WHERE recordedAt < ?', sqlDate(new Date(now.getTime() - KEEP_MS))).changes)
}
