// A run as it is read (issue 30): its stops in order with their orders, statuses, places and the
// distances between them, for Dispatch's Runs card, the runner's portal, the vendor's tracking page
// and the API. Only reads: making, reordering and moving stops are in run.server.ts, which tells the
// requesters; the arrival estimate reads runs from here, so neither needs the other.
import { Prisma } from '@prisma/client'
import { NotFound } from '~/lib/errors'
import { greatCircleKm, type Point } from '~/lib/route-order'
import { readRows } from '~/lib/sql.server'
import { DEFAULT_CENTRE, isRealStart, locateProperties, mappedPoint } from './property-location.server'

const CLOSED = ['delivered', 'cancelled']

type StopRow = {
  assignmentId: string
  stopOrder: number
  propertyId: string | null
  status: string
  requestId: string
  orderNumber: string
  propertyName: string | null
  address: string | null
}

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
  const ids = JSON.stringify(runIds)
  const [runs, rows] = await Promise.all([
    readRows<{ id: string; organisationId: string; runnerId: string; runnerName: string; startLatitude: number; startLongitude: number; createdAt: string }>(Prisma.sql`
      SELECT r.id, r.organisationId, r.runnerId, u.name AS runnerName, r.startLatitude, r.startLongitude, r.createdAt
      FROM Run r JOIN Runner u ON u.id = r.runnerId
      WHERE r.organisationId = ${orgId} AND r.id IN (SELECT value FROM json_each(${ids}))`),
    readRows<StopRow & { runId: string }>(Prisma.sql`
      SELECT s.runId, s.assignmentId, s.stopOrder, s.propertyId, a.status, a.requestId, q.orderNumber, p.name AS propertyName, p.address
      FROM RunStop s
      JOIN RunnerAssignment a ON a.id = s.assignmentId AND a.organisationId = ${orgId}
      JOIN ProductRequest q ON q.id = a.requestId
      LEFT JOIN Property p ON p.id = s.propertyId
      WHERE s.runId IN (SELECT value FROM json_each(${ids}))
      ORDER BY s.runId, s.stopOrder, q.createdAt, q.id`),
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

/** Dispatch's Runs card: the organisation's runs with a stop still to do, newest first. */
export async function openRuns(orgId: string, take = 20) {
  const rows = await readRows<{ id: string }>(Prisma.sql`
    SELECT r.id FROM Run r WHERE r.organisationId = ${orgId}
      AND EXISTS (SELECT 1 FROM RunStop s JOIN RunnerAssignment a ON a.id = s.assignmentId WHERE s.runId = r.id AND a.status NOT IN ('delivered', 'cancelled'))
    ORDER BY r.createdAt DESC, r.id DESC LIMIT ${take}`)
  return readRuns(
    orgId,
    rows.map((r) => r.id),
  )
}

/** A runner's runs with a stop still to do, oldest first (their portal). */
export async function runnerOpenRuns(orgId: string, runnerId: string) {
  const rows = await readRows<{ id: string }>(Prisma.sql`
    SELECT r.id FROM Run r WHERE r.runnerId = ${runnerId} AND r.organisationId = ${orgId}
      AND EXISTS (SELECT 1 FROM RunStop s JOIN RunnerAssignment a ON a.id = s.assignmentId WHERE s.runId = r.id AND a.status NOT IN ('delivered', 'cancelled'))
    ORDER BY r.createdAt, r.id LIMIT 10`)
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
  return readRows<{ id: string; orderNumber: string }>(Prisma.sql`
    SELECT o.assignmentId AS id, q.orderNumber FROM RunStop s
    JOIN RunStop o ON o.runId = s.runId AND o.propertyId = s.propertyId AND o.assignmentId <> s.assignmentId
    JOIN RunnerAssignment a ON a.id = o.assignmentId
    JOIN ProductRequest q ON q.id = a.requestId
    WHERE s.assignmentId = ${assignmentId} AND a.status IN ('assigned', 'picked_up')
    ORDER BY q.createdAt, q.id`)
}

/** The run an assignment is a stop of, or null. */
export async function runOfAssignment(orgId: string, assignmentId: string) {
  const [row] = await readRows<{ runId: string }>(Prisma.sql`SELECT runId FROM RunStop WHERE assignmentId = ${assignmentId}`)
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
