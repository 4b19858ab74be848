// Where a property is on the map. Each address is geocoded once on the server and the answer kept on
// the Property row (latitude, longitude, and geocodedAddress = the address they belong to, so an edited
// address is looked up again). Without a key, or when the lookup fails, the property gets the spec's
// fallback position (§8): the default centre offset by its index.
// Any machine may be a read-only replica, so a page load never stores a position: it looks up what
// is missing (and remembers the answer in memory), and the primary's job `geocodePendingProperties`
// stores positions (app/jobs/geocode-properties.server.ts).
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { geocodeAddress, geocodingKey, type GeocodeResult } from '~/lib/geocode.server'

export const DEFAULT_CENTRE = { lat: 40.758, lng: -73.9855 }
const FALLBACK_STEP = { lat: 0.01, lng: 0.015 }

/** Answers that will not change by asking again, so they are remembered like a success. */
const PERMANENT_FAILURES = new Set(['ZERO_RESULTS', 'INVALID_REQUEST'])
/** A page load waits this long for lookups; slower ones finish in the background for the next load. */
const WAIT_MS = 2500
const CONCURRENCY = 4
/** After a passing failure (quota, network, refused key), the address is not tried again for a while. */
const RETRY_AFTER_MS = 10 * 60 * 1000

export type PropertyLocation = { lat: number; lng: number; geocoded: boolean }

/**
 * The one rule for what a distance may be measured to (issue 34): only a place the map knows. A
 * fallback position (no key, address not found) keeps pins apart and stops in some order, but a
 * distance to it would be made up, so there is none.
 */
export function mappedPoint(location: PropertyLocation | null | undefined): { lat: number; lng: number } | null {
  return location?.geocoded ? { lat: location.lat, lng: location.lng } : null
}

/** A run's stored start is the map's centre only when there was no position and no depot to start from. */
export function isRealStart(start: { lat: number; lng: number }) {
  return !(start.lat === DEFAULT_CENTRE.lat && start.lng === DEFAULT_CENTRE.lng)
}

type Locatable = { id: string; address: string; latitude: number | null; longitude: number | null; geocodedAddress: string | null }

const inFlight = new Map<string, Promise<GeocodeResult>>()
/** Answers already looked up on this machine, by address, until the primary has stored them. */
const answered = new Map<string, GeocodeResult>()
const failedAt = new Map<string, number>()
let running = 0
const waiting: Array<() => void> = []

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

function isFinal(result: GeocodeResult) {
  return result.ok || PERMANENT_FAILURES.has(result.status)
}

const LOCATABLE = ['id', 'address', 'latitude', 'longitude', 'geocodedAddress'] as const

/** Keeps a final answer on the property (primary only); a passing failure is only remembered in memory. */
async function store(property: Locatable, result: GeocodeResult) {
  if (!isFinal(result)) return
  // Only if the address is still the one looked up: an edit in the meantime wins.
  const position = result.ok ? { latitude: result.lat, longitude: result.lng } : { latitude: null, longitude: null }
  await writeTogether((sql) =>
    sql.run(
      tables
        .updateTable('Property')
        .set({ ...position, geocodedAddress: property.address, updatedAt: new Date() })
        .where('id', '=', property.id)
        .where('address', '=', property.address),
    ),
  )
}

/** One lookup per address at a time, however many page loads ask for it; a final answer is asked once. */
function lookUp(address: string, key: string): Promise<GeocodeResult> {
  const known = answered.get(address)
  if (known) return Promise.resolve(known)
  let pending = inFlight.get(address)
  if (!pending) {
    pending = withSlot(async () => {
      const result = await geocodeAddress(address, key)
      if (!result.ok) console.warn(`Geocoding "${address}" failed: ${result.status} ${result.message}`)
      if (isFinal(result)) answered.set(address, result)
      else failedAt.set(address, Date.now())
      return result
    }).finally(() => inFlight.delete(address))
    inFlight.set(address, pending)
  }
  return pending
}

function needsLookUp(p: Locatable) {
  if (p.geocodedAddress === p.address) return false
  const failed = failedAt.get(p.address)
  return !failed || Date.now() - failed > RETRY_AFTER_MS
}

/**
 * The primary's job: looks up and stores the positions of up to `limit` properties whose address
 * has none yet (new, edited, or only known in some machine's memory). Answers how many it stored.
 */
export async function geocodePendingProperties(limit = 25) {
  const key = geocodingKey()
  if (!key) return 0
  // Across organisations on purpose (a system job).
  const candidates: Locatable[] = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('Property')
        .select(LOCATABLE)
        .where((eb) => eb.or([eb('geocodedAddress', 'is', null), eb('geocodedAddress', '<>', eb.ref('address'))]))
        .orderBy('createdAt', 'asc')
        .limit(limit * 4),
    ),
  )
  const todo = candidates.filter(needsLookUp).slice(0, limit)
  let stored = 0
  for (const property of todo) {
    const result = await lookUp(property.address, key)
    if (!isFinal(result)) continue
    await store(property, result)
    answered.delete(property.address)
    stored++
  }
  return stored
}

/**
 * Positions of the organisation's given properties, looking up those not yet geocoded (at most
 * WAIT_MS of this call's time). Unknown ids are left out.
 */
export async function locateProperties(orgId: string, propertyIds: string[]): Promise<Map<string, PropertyLocation>> {
  const ids = [...new Set(propertyIds)]
  const located = new Map<string, PropertyLocation>()
  if (ids.length === 0) return located
  // A kept statement: the ORM compiled a findMany with an `in` list of the map's 200 ids afresh on
  // every view (~7 ms against ~1.5 ms for the same rows). The ids go in as one JSON array.
  const properties: Locatable[] = await readNow((sql) =>
    sql.all(tables.selectFrom('Property').select(LOCATABLE).where('organisationId', '=', orgId).where('id', 'in', listed(ids))),
  )

  const key = geocodingKey()
  const todo = key ? properties.filter(needsLookUp) : []
  if (todo.length > 0) {
    const all = Promise.all(
      todo.map(async (p) => {
        const result = await lookUp(p.address, key!)
        if (result.ok) Object.assign(p, { latitude: result.lat, longitude: result.lng, geocodedAddress: p.address })
      }),
    )
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, WAIT_MS).unref())])
  }

  const fallbacks: string[] = []
  for (const p of properties) {
    if (p.latitude !== null && p.longitude !== null && p.geocodedAddress === p.address) {
      located.set(p.id, { lat: p.latitude, lng: p.longitude, geocoded: true })
    } else fallbacks.push(p.id)
  }
  if (fallbacks.length > 0) {
    const index = await propertyIndex(orgId)
    for (const id of fallbacks) {
      const i = index.get(id) ?? 0
      located.set(id, { lat: DEFAULT_CENTRE.lat + FALLBACK_STEP.lat * i, lng: DEFAULT_CENTRE.lng + FALLBACK_STEP.lng * i, geocoded: false })
    }
  }
  return located
}

/** A property's place in the organisation's list, oldest first, so its fallback position never moves. */
async function propertyIndex(orgId: string) {
  const rows = await readNow((sql) => sql.all(tables.selectFrom('Property').select('id').where('organisationId', '=', orgId).orderBy('createdAt').orderBy('id')))
  return new Map(rows.map((r, i) => [r.id, i]))
}
