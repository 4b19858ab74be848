// Which runner should take pending requests (issue 30; several at once for a run, issue 34): the
// active runners, fewest open stops first, and among equals the nearest. "Near" is measured from
// where the runner will be when they are free: their last open stop, or without one their position
// (shared in the last 10 minutes), or without that the organisation's depot; for several requests,
// to the nearest of their stops. Each reason says which of these it measured, and says so when there
// is nothing to measure from rather than inventing a distance (decisions 093 and 108).
import { z } from 'zod'
import { NotFound } from '~/lib/errors'
import { greatCircleKm, type Point } from '~/areas/deliveries/route-order'
import { tables, withIndexes } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow } from '~/lib/sql.server'
import { CLOSED } from './dispatch-board.server'
import { getRunSettings } from '~/areas/organisation/organisation-settings.server'
import { locateProperties, mappedPoint } from '~/areas/catalogue/property-location.server'
import { lastPositions } from './runner-position.server'

/** distanceKm is null when there is nothing true to measure (no position, depot or mapped address). */
export type Suggestion = { runnerId: string; name: string; openStops: number; distanceKm: number | null; reason: string }

/** Where a distance was measured from: what the reason names. */
export type MeasuredFrom = 'last_stop' | 'position' | 'depot' | null

/** The most requests one ranking is asked about: a run's most (run.server.ts MOST_STOPS × 4). */
export const MOST_SUGGESTED = 240

/**
 * Which requests to suggest runners for, as a URL asks: `?requestIds=a,b,c` (the API), the run
 * builder's ticked boxes (`?requestIds=a&requestIds=b`, a plain GET form), or `?requestId=a` (one).
 */
export const SuggestionsQuery = z.object({
  requestIds: z
    .array(z.string().max(64, 'Each request id is at most 64 characters'))
    .min(1, 'requestIds is required: the requests to suggest runners for, comma-separated')
    .max(MOST_SUGGESTED, `At most ${MOST_SUGGESTED} requests at once`),
})

export function suggestionsQueryFrom(params: URLSearchParams) {
  const ids = [...params.getAll('requestIds'), ...params.getAll('requestId')].flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)
  return SuggestionsQuery.safeParse({ requestIds: [...new Set(ids)] })
}

/** "2 km", "0.4 km", "12 km": what a dispatcher reads at a glance. */
export function kmWords(km: number) {
  if (km < 10) return `${Math.round(km * 10) / 10} km`
  return `${Math.round(km)} km`
}

const stopsWords = (openStops: number) => (openStops === 0 ? 'no open stops' : `${openStops} open ${openStops === 1 ? 'stop' : 'stops'}`)

/**
 * The reason a dispatcher reads, true to what was measured: "2.2 km away, no open stops" from a
 * shared position; "No position shared; 2.2 km from the depot"; "No position shared" when there is
 * nothing to measure from. For several requests the distance is to the nearest of their stops.
 */
export function suggestionReason(distanceKm: number | null, openStops: number, from: MeasuredFrom = 'position', several = false) {
  const stops = stopsWords(openStops)
  if (from === null) return `No position shared, ${stops}`
  if (distanceKm === null) return `${several ? 'The stops’ addresses are' : 'The address is'} not on the map yet, ${stops}`
  const km = kmWords(distanceKm)
  if (from === 'position') return `${km} ${several ? 'to the nearest stop' : 'away'}, ${stops}`
  if (from === 'last_stop') return `${km} from their last open stop${several ? ' to the nearest stop' : ''}, ${stops}`
  return `No position shared; ${several ? `the depot is ${km} from the nearest stop` : `${km} from the depot`}, ${stops}`
}

/** Fewest open stops first, then nearest (an unknown distance last), then by name: the order the answer and the page show. */
export function rankSuggestions(suggestions: Suggestion[]) {
  const far = (s: Suggestion) => s.distanceKm ?? Infinity
  return [...suggestions].sort((a, b) => a.openStops - b.openStops || far(a) - far(b) || a.name.localeCompare(b.name))
}

/** One request's suggestions (the Assign dialog). */
export function suggestRunners(orgId: string, requestId: string): Promise<Suggestion[]> {
  return suggestRunnersFor(orgId, [requestId])
}

/**
 * The suggestions for several requests at once (the run builder): unknown or another organisation's
 * ids are NotFound, naming them, as making the run would be.
 */
export async function suggestRunnersFor(orgId: string, requestIds: string[]): Promise<Suggestion[]> {
  const ids = [...new Set(requestIds)]
  const requests = await readNow((sql) =>
    sql.all(tables.selectFrom('ProductRequest').select(['id', 'propertyId']).where('organisationId', '=', orgId).where('id', 'in', listed(ids))),
  )
  if (requests.length < ids.length) {
    const known = new Set(requests.map((r) => r.id))
    const missing = ids.filter((id) => !known.has(id))
    throw new NotFound(missing.length === 1 && ids.length === 1 ? 'Request not found' : `Requests not found: ${missing.join(', ')}`)
  }
  // The active runners, then the organisation's open assignments through their partial index (its
  // predicate written out with literals, as dispatch-board.server.ts explains): the delivered
  // history of every runner is never read. The last open stop is the one latest in its run (or,
  // outside a run, the latest assigned).
  const [active, open] = await readNow((sql) => [
    sql.all(tables.selectFrom('Runner').select(['id as runnerId', 'name']).where('organisationId', '=', orgId).where('isActive', '=', 1)),
    sql.all(
      withIndexes(
        tables
          .selectFrom('RunnerAssignment as a')
          .innerJoin('ProductRequest as q', 'q.id', 'a.requestId')
          .leftJoin('RunStop as s', 's.assignmentId', 'a.id')
          .select(['a.runnerId', 'q.propertyId', 'a.requestId', 'a.assignedAt', 's.stopOrder'])
          .where('a.organisationId', '=', orgId)
          .where('a.status', 'not in', CLOSED),
        { a: 'RunnerAssignment_open_idx' },
      ),
    ),
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
  const targetIds = [...new Set(requests.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))]
  const lastStops = [...runners.values()].flatMap((r) => (r.last?.propertyId ? [r.last.propertyId] : []))
  const [located, positions, settings] = await Promise.all([
    locateProperties(orgId, [...targetIds, ...lastStops]),
    lastPositions(orgId, runnerIds, { freshOnly: true }),
    getRunSettings(orgId),
  ])
  // Only a place the map knows: a fallback position (no key, address not found) is no distance to tell.
  const mapped = (propertyId: string | null | undefined): Point | null => (propertyId ? mappedPoint(located.get(propertyId)) : null)
  const targets = targetIds.flatMap((id) => mapped(id) ?? [])
  const several = ids.length > 1
  const suggestions = [...runners.entries()].map(([runnerId, r]): Suggestion => {
    const lastStop = mapped(r.last?.propertyId)
    const position = positions.get(runnerId)
    const [from, at]: [MeasuredFrom, Point | null] = lastStop ? ['last_stop', lastStop] : position ? ['position', position] : settings.depot ? ['depot', settings.depot] : [null, null]
    const nearest = at && targets.length ? Math.min(...targets.map((t) => greatCircleKm(at, t))) : null
    const distanceKm = nearest === null ? null : Math.round(nearest * 10) / 10
    const openStops = r.stops.size
    return { runnerId, name: r.name, openStops, distanceKm, reason: suggestionReason(distanceKm, openStops, from, several) }
  })
  return rankSuggestions(suggestions)
}
