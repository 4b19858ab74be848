// When a run's stop can expect the runner (issue 30): "stop N of M" and an arrival window, from the
// distance still to drive to it, the organisation's average speed and its time per stop. Read-only:
// computed on every page view and answer, so a replica serves it and it moves as stops complete.
//
// The runner is taken to be at their position if they shared one in the last 10 minutes, else at
// the last stop they finished, else where the run started. The window opens at the estimate and
// closes a quarter later (at least 10 minutes), because traffic only ever makes a run later
// (decision 094).
import { greatCircleKm, type Point } from '~/areas/deliveries/route-order'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { getRunSettings, type RunSettings } from '~/areas/organisation/organisation-settings.server'
import { lastPositions } from './runner-position.server'
import { runOfAssignment, type Run } from './run-view.server'

export type RunProgress = { id: string; stop: number; stops: number; etaFrom: string | null; etaTo: string | null }

/** The estimate for the stop holding `assignmentId`; no window once that stop is done. Pure. */
export function estimateStop(run: Run, assignmentId: string, settings: Pick<RunSettings, 'averageSpeedKmh' | 'minutesPerStop'>, now: Date, position?: Point | null): RunProgress | null {
  const index = run.stops.findIndex((s) => s.assignmentIds.includes(assignmentId))
  if (index < 0) return null
  const target = run.stops[index]!
  const base = { id: run.id, stop: index + 1, stops: run.stops.length }
  if (target.done) return { ...base, etaFrom: null, etaTo: null }
  const lastDone = [...run.stops.slice(0, index)].reverse().find((s) => s.done)
  let at: Point = position ?? lastDone?.at ?? run.start
  let km = 0
  let stopsBefore = 0
  for (const stop of run.stops.slice(0, index + 1)) {
    if (stop.done) continue
    km += greatCircleKm(at, stop.at)
    at = stop.at
    if (stop !== target) stopsBefore++
  }
  const minutes = (km / Math.max(1, settings.averageSpeedKmh)) * 60 + stopsBefore * settings.minutesPerStop
  const from = new Date(now.getTime() + Math.round(minutes) * 60_000)
  const to = new Date(from.getTime() + Math.max(10, Math.round(minutes * 0.25)) * 60_000)
  return { ...base, etaFrom: from.toISOString(), etaTo: to.toISOString() }
}

/** The run progress of one assignment (the delivery page and GET /api/delivery/:id), or null outside a run. */
export async function runProgressOfAssignment(orgId: string, assignmentId: string, now = new Date()) {
  const run = await runOfAssignment(orgId, assignmentId)
  if (!run) return null
  const [settings, positions] = await Promise.all([getRunSettings(orgId), lastPositions(orgId, [run.runnerId], { freshOnly: true, now })])
  const position = positions.get(run.runnerId) ?? null
  return { run, position, progress: estimateStop(run, assignmentId, settings, now, position) }
}

/**
 * The same for a request (its tracking page): the stop of its latest assignment, if that is in a run,
 * and how far the runner is from it when they shared a position lately (a distance, never where).
 */
export async function runProgressOfRequest(orgId: string, requestId: string, now = new Date()) {
  const latest = await readNow((sql) =>
    sql.one(
      tables
        .selectFrom('RunnerAssignment as a')
        .select('a.id')
        .where('a.requestId', '=', requestId)
        .where('a.organisationId', '=', orgId)
        .orderBy('a.assignedAt', 'desc')
        .orderBy('a.id', 'desc')
        .limit(1),
    ),
  )
  if (!latest) return null
  const found = await runProgressOfAssignment(orgId, latest.id, now)
  if (!found?.progress) return null
  const stop = found.run.stops.find((s) => s.assignmentIds.includes(latest.id))
  const runnerKm = found.position && stop && !stop.done && stop.mapped ? Math.round(greatCircleKm(found.position, stop.at) * 10) / 10 : null
  return { ...found.progress, runnerKm }
}
