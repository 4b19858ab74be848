// The dashboard's four counters (spec §2.4, §3 Stats). "Today" is the organisation's day in its own
// time zone, not the server's: a New York office's day starts at midnight in New York.
import { sql } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { dbTime } from '~/areas/requests/request.server'
import { organisationTimeZone, safeTimeZone } from '~/areas/organisation/organisation-time-zone.server'

export type RequestStats = {
  pendingRequests: number
  inProgressRequests: number
  completedToday: number
  activeQRCodes: number
}

function partsIn(timeZone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') }
}

/** How far ahead of UTC the zone's wall clock is at that instant, in ms. */
function offsetAt(timeZone: string, at: Date) {
  const p = partsIn(timeZone, at)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(at.getTime() / 1000) * 1000
}


/** The organisation's current day: its date (YYYY-MM-DD) and the instants it starts and ends. */
export function dayIn(timeZone: string, now: Date = new Date()) {
  const zone = safeTimeZone(timeZone)
  const p = partsIn(zone, now)
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
  const midnight = (y: number, m: number, d: number) => {
    const wall = Date.UTC(y, m - 1, d)
    // Twice, so a day that starts next to a daylight-saving change still lands on its midnight.
    const first = wall - offsetAt(zone, new Date(wall))
    return new Date(wall - offsetAt(zone, new Date(first)))
  }
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1))
  return {
    date,
    start: midnight(p.year, p.month, p.day),
    end: midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()),
  }
}

// It changes only when something is written (decision 056). The counts walk tens of thousands of
// index entries at scale, for every dashboard view and every /api/stats poll; "completed today" also
// depends on the day, which is part of the key.
const statsOfDay = reusedUntilWrite<RequestStats>()

export async function organisationDay(orgId: string, now: Date = new Date()) {
  return dayIn(await organisationTimeZone(orgId), now)
}

export async function requestStats(orgId: string, now: Date = new Date()): Promise<RequestStats> {
  const today = await organisationDay(orgId, now)
  return statsOfDay(`${orgId}|${today.start.toISOString()}`, () => countStats(orgId, today))
}

async function countStats(orgId: string, today: { start: Date; end: Date }): Promise<RequestStats> {
  const byStatusQuery = tables
    .selectFrom('ProductRequest')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('organisationId', '=', orgId)
    .where('status', 'in', ['pending', 'in_progress'])
    .groupBy('status')
  // Completed now, and became completed during today (a request completed yesterday and
  // touched today does not count; one completed today and reopened no longer does).
  // Starts from today's completions (an index range), not from every completed request ever.
  const completedQuery = tables
    .selectFrom('RequestStatusChange as c')
    .innerJoin('ProductRequest as r', 'r.id', 'c.requestId')
    .select((eb) => eb.fn.count<number>('c.requestId').distinct().as('n'))
    .where('c.status', '=', sql.lit('completed'))
    .where('c.createdAt', '>=', dbTime(today.start))
    .where('c.createdAt', '<', dbTime(today.end))
    .where('r.organisationId', '=', orgId)
    .where('r.status', '=', sql.lit('completed'))
  // The counter reads "QR Locations": properties whose vendor QR code is live.
  const qrQuery = tables
    .selectFrom('Property')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisationId', '=', orgId)
    .where('qrCodeActive', '=', 1)
  const [byStatus, completed, activeQRCodes] = await readNow((db) => [db.all(byStatusQuery), db.one(completedQuery), db.one(qrQuery)] as const)
  const count = (status: string) => Number(byStatus.find((s) => s.status === status)?.n ?? 0)
  return {
    pendingRequests: count('pending'),
    inProgressRequests: count('in_progress'),
    completedToday: Number(completed?.n ?? 0),
    activeQRCodes: Number(activeQRCodes?.n ?? 0),
  }
}
