// A run as it is read (issue 30): its stops in order with their orders, statuses, places and the
// distances between them, for Dispatch's Runs card, the runner's portal, the vendor's tracking page
// and the API. Only reads: making, reordering and moving stops are in run.server.ts, which tells the
// requesters; the arrival estimate reads runs from here, so neither needs the other.
import { sql as fragment, type ExpressionBuilder } from 'kysely'
import { NotFound } from '~/lib/errors'
import { greatCircleKm, type Point } from '~/areas/deliveries/route-order'
import { tables, type Tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow } from '~/lib/sql.server'
import { CLOSED as CLOSED_IN_SQL } from './dispatch-board.server'
import { DEFAULT_CENTRE, isRealStart, locateProperties, mappedPoint } from '~/areas/catalogue/property-location.server'

const CLOSED = ['delivered', 'cancelled']

/** A stop's row: one order of it (an order's assignment, request and place). */
function stopRows(orgId: string, runIds: string[]) {
  return tables
    .selectFrom('RunStop as s')
    .innerJoin('RunnerAssignment as a', (join) => join.onRef('a.id', '=', 's.assignmentId').on('a.organisationId', '=', orgId))
    .innerJoin('ProductRequest as q', 'q.id', 'a.requestId')
    .leftJoin('Property as p', 'p.id', 's.propertyId')
    .select(['s.runId', 's.assignmentId', 's.stopOrder', 's.propertyId', 'a.status', 'a.requestId', 'q.orderNumber', 'p.name as propertyName', 'p.address'])
    .where('s.runId', 'in', listed(runIds))
    .orderBy('s.runId')
    .orderBy('s.stopOrder')
    .orderBy('q.createdAt')
    .orderBy('q.id')
}
type StopRow = Awaited<ReturnType<ReturnType<typeof stopRows>['execute']>>[number]

export type RunStop = {
  order: number
  propertyId: string
  propertyName: string
  address: string
  requestIds: string[]
  assignmentIds: string[]
  orderNumbers: string[]
  statuses: string[]
  /** From the stop before (or the run's start) to this one; null when either end is not on the map. */
  distanceKm: number | null
  done: boolean
  /** Where the stop is for planning; `mapped` says whether that is a real place or a fallback. */
  at: Point
  mapped: boolean
}

export type Run = {
  id: string
  organisationId: string
  runnerId: string
  runnerName: string
  start: Point
  createdAt: Date
  stops: RunStop[]
  /** null when any leg's distance is unknown: a partial sum would read as the whole. */
  totalKm: number | null
  done: boolean
}

const round = (km: number) => Math.round(km * 10) / 10

/** Reads runs by id (any number, in one pass each for rows and positions), stops in their order. */
export async function readRuns(orgId: string, runIds: string[]): Promise<Run[]> {
  if (runIds.length === 0) return []
  const [runs, rows] = await readNow((sql) => [
    sql.all(
      tables
        .selectFrom('Run as r')
        .innerJoin('Runner as u', 'u.id', 'r.runnerId')
        .select(['r.id', 'r.organisationId', 'r.runnerId', 'u.name as runnerName', 'r.startLatitude', 'r.startLongitude', 'r.createdAt'])
        .where('r.organisationId', '=', orgId)
        .where('r.id', 'in', listed(runIds)),
    ),
    sql.all(stopRows(orgId, runIds)),
  ])
  const located = await locateProperties(orgId, rows.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))
  const byRun = new Map<string, Array<StopRow>>()
  for (const row of rows) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row])
  const found = new Map(
    runs.map((r) => {
      const start = { lat: r.startLatitude, lng: r.startLongitude }
      const realStart = isRealStart(start)
      const stops: RunStop[] = []
      for (const row of byRun.get(r.id) ?? []) {
        const last = stops[stops.length - 1]
        if (last && last.order === row.stopOrder) {
          last.requestIds.push(row.requestId)
          last.assignmentIds.push(row.assignmentId)
          last.orderNumbers.push(row.orderNumber)
          last.statuses.push(row.status)
          last.done &&= CLOSED.includes(row.status)
          continue
        }
        const location = row.propertyId ? located.get(row.propertyId) : undefined
        const at = location ?? DEFAULT_CENTRE
        const mapped = mappedPoint(location) !== null
        const from = last ? (last.mapped ? last.at : null) : realStart ? start : null
        stops.push({
          order: row.stopOrder,
          propertyId: row.propertyId ?? '',
          propertyName: row.propertyName ?? 'Unknown',
          address: row.address ?? '',
          requestIds: [row.requestId],
          assignmentIds: [row.assignmentId],
          orderNumbers: [row.orderNumber],
          statuses: [row.status],
          distanceKm: from && mapped ? round(greatCircleKm(from, at)) : null,
          done: CLOSED.includes(row.status),
          at: { lat: at.lat, lng: at.lng },
          mapped,
        })
      }
      const totalKm = stops.every((s) => s.distanceKm !== null) ? round(stops.reduce((sum, s) => sum + s.distanceKm!, 0)) : null
      const run: Run = {
        id: r.id,
        organisationId: r.organisationId,
        runnerId: r.runnerId,
        runnerName: r.runnerName,
        start,
        createdAt: new Date(r.createdAt),
        stops,
        totalKm,
        done: stops.every((s) => s.done),
      }
      return [r.id, run] as const
    }),
  )
  return runIds.flatMap((id) => {
    const run = found.get(id)
    return run ? [run] : []
  })
}

/** What the API answers for a run (issue 30's contract). */
export function runAnswer(run: Run) {
  return {
    run: {
      id: run.id,
      runnerId: run.runnerId,
      runnerName: run.runnerName,
      done: run.done,
      stops: run.stops.map((s) => ({
        order: s.order,
        propertyId: s.propertyId,
        propertyName: s.propertyName,
        requestIds: s.requestIds,
        assignmentIds: s.assignmentIds,
        distanceKm: s.distanceKm,
        done: s.done,
      })),
      totalKm: run.totalKm,
    },
  }
}

export async function findRun(orgId: string, runId: string): Promise<Run> {
  const [run] = await readRuns(orgId, [runId])
  if (!run) throw new NotFound('Run not found')
  return run
}

/** The run `r` has a stop whose order is neither delivered nor cancelled. */
function hasOpenStop(eb: ExpressionBuilder<Tables & { r: Tables['Run'] }, 'r'>) {
  return eb.exists(
    eb
      .selectFrom('RunStop as s')
      .innerJoin('RunnerAssignment as a', 'a.id', 's.assignmentId')
      .select(fragment.lit(1).as('one'))
      .whereRef('s.runId', '=', 'r.id')
      .where('a.status', 'not in', CLOSED_IN_SQL),
  )
}

/** Dispatch's Runs card: the organisation's runs with a stop still to do, newest first. */
export async function openRuns(orgId: string, take = 20) {
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('Run as r')
        .select('r.id')
        .where('r.organisationId', '=', orgId)
        .where(hasOpenStop)
        .orderBy('r.createdAt', 'desc')
        .orderBy('r.id', 'desc')
        .limit(take),
    ),
  )
  return readRuns(
    orgId,
    rows.map((r) => r.id),
  )
}

/** A runner's runs with a stop still to do, oldest first (their portal). */
export async function runnerOpenRuns(orgId: string, runnerId: string) {
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('Run as r')
        .select('r.id')
        .where('r.runnerId', '=', runnerId)
        .where('r.organisationId', '=', orgId)
        .where(hasOpenStop)
        .orderBy('r.createdAt')
        .orderBy('r.id')
        .limit(10),
    ),
  )
  return readRuns(
    orgId,
    rows.map((r) => r.id),
  )
}

/**
 * The other orders of the same stop (same run, same property) that have not set off yet: starting one
 * starts them, since the runner is at one door with all of them (issue 34).
 */
export async function notStartedAtSameStop(assignmentId: string) {
  return readNow((sql) =>
    sql.all(
      tables
        .selectFrom('RunStop as s')
        .innerJoin('RunStop as o', (join) => join.onRef('o.runId', '=', 's.runId').onRef('o.propertyId', '=', 's.propertyId').onRef('o.assignmentId', '<>', 's.assignmentId'))
        .innerJoin('RunnerAssignment as a', 'a.id', 'o.assignmentId')
        .innerJoin('ProductRequest as q', 'q.id', 'a.requestId')
        .select(['o.assignmentId as id', 'q.orderNumber'])
        .where('s.assignmentId', '=', assignmentId)
        .where('a.status', 'in', [fragment.lit('assigned'), fragment.lit('picked_up')])
        .orderBy('q.createdAt')
        .orderBy('q.id'),
    ),
  )
}

/** The run an assignment is a stop of, or null. */
export async function runOfAssignment(orgId: string, assignmentId: string) {
  const row = await readNow((sql) => sql.one(tables.selectFrom('RunStop').select('runId').where('assignmentId', '=', assignmentId)))
  if (!row) return null
  const [run] = await readRuns(orgId, [row.runId])
  return run ?? null
}

/** The stops still to do, in order, next first. */
export function remainingStops(run: Run) {
  return run.stops.filter((s) => !s.done)
}

/**
 * A plain maps address that plans the remaining stops (no key, opens the phone's maps app): the
 * last one is the destination, the ones before it waypoints, in order.
 */
export function navigateUrl(stops: Array<Pick<RunStop, 'address' | 'at'>>) {
  if (stops.length === 0) return null
  const place = (s: Pick<RunStop, 'address' | 'at'>) => s.address || `${s.at.lat},${s.at.lng}`
  const url = new URL('https://www.google.com/maps/dir/')
  url.searchParams.set('api', '1')
  url.searchParams.set('destination', place(stops[stops.length - 1]!))
  if (stops.length > 1) url.searchParams.set('waypoints', stops.slice(0, -1).map(place).join('|'))
  url.searchParams.set('travelmode', 'driving')
  return url.toString()
}

const STARTED = ['picked_up', 'in_transit', 'delivered']

/**
 * A run as a runner's page shows it. Addresses stay hidden until the runner starts the run (starts
 * any of its stops), as they do for a single delivery (spec §2.17); from then on the whole route is
 * theirs, and Navigate plans what is left. The delivery page already shows its address: `reveal`.
 */
export function runnerRunView(run: Run, options: { here?: string; reveal?: boolean } = {}) {
  const underway = options.reveal || run.stops.some((s) => s.statuses.some((status) => STARTED.includes(status)))
  return {
    id: run.id,
    totalKm: run.totalKm,
    stops: run.stops.map((s) => ({
      order: s.order,
      propertyName: s.propertyName,
      address: underway ? s.address : null,
      orderNumbers: s.orderNumbers,
      distanceKm: s.distanceKm,
      done: s.done,
      here: options.here ? s.assignmentIds.includes(options.here) : false,
    })),
    navigateUrl: underway ? navigateUrl(remainingStops(run)) : null,
    /** Each assignment's place in the run, for ordering and labelling the delivery cards. */
    stopOf: Object.fromEntries(run.stops.flatMap((s) => s.assignmentIds.map((id) => [id, s.order] as const))),
  }
}
