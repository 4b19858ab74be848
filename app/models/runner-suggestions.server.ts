// Which runner should take a pending request (issue 30): the active runners, fewest open stops
// first, and among equals the nearest. "Near" is measured from where the runner will be when they
// are free: their last open stop, or without one their position (shared in the last 10 minutes),
// or without that the organisation's depot. Ranked so a dispatcher can read why (decision 093).
import { Prisma } from '@prisma/client'
import { NotFound } from '~/lib/errors'
import { greatCircleKm, type Point } from '~/lib/route-order'
import { readRows } from '~/lib/sql.server'
import { getRunSettings } from './organisation-settings.server'
import { DEFAULT_CENTRE, locateProperties } from './property-location.server'
import { lastPositions } from './runner-position.server'

export type Suggestion = { runnerId: string; name: string; openStops: number; distanceKm: number; reason: string }

/** "2 km", "0.4 km", "12 km": what a dispatcher reads at a glance. */
export function kmWords(km: number) {
  if (km < 10) return `${Math.round(km * 10) / 10} km`
  return `${Math.round(km)} km`
}

export function suggestionReason(distanceKm: number, openStops: number) {
  return `${kmWords(distanceKm)} away, ${openStops === 0 ? 'no open stops' : `${openStops} open ${openStops === 1 ? 'stop' : 'stops'}`}`
}

/** Fewest open stops first, then nearest, then by name: the order the answer and the page show. */
export function rankSuggestions(suggestions: Suggestion[]) {
  return [...suggestions].sort((a, b) => a.openStops - b.openStops || a.distanceKm - b.distanceKm || a.name.localeCompare(b.name))
}

export async function suggestRunners(orgId: string, requestId: string): Promise<Suggestion[]> {
  const [request] = await readRows<{ propertyId: string | null }>(Prisma.sql`SELECT propertyId FROM ProductRequest WHERE id = ${requestId} AND organisationId = ${orgId}`)
  if (!request) throw new NotFound('Request not found')
  // The active runners, then the organisation's open assignments through their partial index (its
  // predicate written out with literals, as dispatch-board.server.ts explains): the delivered
  // history of every runner is never read. The last open stop is the one latest in its run (or,
  // outside a run, the latest assigned).
  const [active, open] = await Promise.all([
    readRows<{ runnerId: string; name: string }>(Prisma.sql`SELECT id AS runnerId, name FROM Runner WHERE organisationId = ${orgId} AND isActive = 1`),
    readRows<{ runnerId: string; propertyId: string | null; requestId: string; assignedAt: string; stopOrder: number | null }>(Prisma.sql`
      SELECT a.runnerId, q.propertyId, a.requestId, a.assignedAt, s.stopOrder
      FROM RunnerAssignment a INDEXED BY RunnerAssignment_open_idx
      JOIN ProductRequest q ON q.id = a.requestId
      LEFT JOIN RunStop s ON s.assignmentId = a.id
      WHERE a.organisationId = ${orgId} AND ${Prisma.raw(`a."status" NOT IN ('delivered', 'cancelled')`)}`),
  ])
  const runners = new Map<string, { name: string; stops: Set<string>; last: { propertyId: string | null; key: string } | null }>()
  for (const r of active) runners.set(r.runnerId, { name: r.name, stops: new Set<string>(), last: null })
  for (const row of open) {
    const runner = runners.get(row.runnerId)
    if (!runner) continue
    runner.stops.add(row.propertyId ?? row.requestId)
    const key = `${row.assignedAt}|${String(row.stopOrder ?? 0).padStart(4, '0')}`
    if (!runner.last || key > runner.last.key) runner.last = { propertyId: row.propertyId, key }
  }
  const runnerIds = [...runners.keys()]
  const lastStops = [...runners.values()].flatMap((r) => (r.last?.propertyId ? [r.last.propertyId] : []))
  const [located, positions, settings] = await Promise.all([
    locateProperties(orgId, request.propertyId ? [request.propertyId, ...lastStops] : lastStops),
    lastPositions(orgId, runnerIds, { freshOnly: true }),
    getRunSettings(orgId),
  ])
  const target: Point = (request.propertyId && located.get(request.propertyId)) || DEFAULT_CENTRE
  const depot = settings.depot ?? DEFAULT_CENTRE
  const suggestions = [...runners.entries()].map(([runnerId, r]) => {
    const from: Point = (r.last?.propertyId && located.get(r.last.propertyId)) || positions.get(runnerId) || depot
    const distanceKm = Math.round(greatCircleKm(from, target) * 10) / 10
    const openStops = r.stops.size
    return { runnerId, name: r.name, openStops, distanceKm, reason: suggestionReason(distanceKm, openStops) }
  })
  return rankSuggestions(suggestions)
}
