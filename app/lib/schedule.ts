// When a repeating wall-clock time ("every Monday at 07:30 in New York") happens, as instants.
// Intl knows every zone's daylight-saving rules, so no time-zone library is needed.

export type Recurrence = {
  every: 'day' | 'week' | 'month'
  /** 0 = Sunday … 6 = Saturday (every week). */
  weekday?: number | null
  /** 1–31; a month without that day uses its last day (every month). */
  dayOfMonth?: number | null
  /** HH:MM on the zone's clock. */
  time: string
  timezone: string
}

const DAY_MS = 86_400_000

export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function wallClock(timeZone: string, at: number) {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(timeZone, f)
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]))
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute))
}

/** How far the zone's clock is ahead of UTC at that instant, in ms (whole minutes). */
function offsetAt(timeZone: string, at: number) {
  return wallClock(timeZone, at) - Math.floor(at / 60_000) * 60_000
}

/**
 * The instant the zone's clock shows that date and time. A time the clocks skip (02:30 on a
 * spring-forward night) happens as far after the jump as it would have after 02:00 (03:30); a time
 * that happens twice (01:30 on a fall-back night) happens the first time. Temporal calls this "compatible".
 */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  // A zone changes its offset at most once a day, so the offsets a day either side cover both readings.
  const before = offsetAt(timeZone, wall - DAY_MS)
  const after = offsetAt(timeZone, wall + DAY_MS)
  const readings = [wall - before, wall - after].filter((t) => wallClock(timeZone, t) === wall)
  if (readings.length > 0) return new Date(Math.min(...readings))
  return new Date(wall - before)
}

function matches(rule: Recurrence, date: Date) {
  if (rule.every === 'day') return true
  if (rule.every === 'week') return date.getUTCDay() === rule.weekday
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  return date.getUTCDate() === Math.min(rule.dayOfMonth ?? 1, lastDay)
}

/** Candidate occurrences around `now`, one per matching calendar day in the zone, oldest first. */
function occurrencesAround(rule: Recurrence, now: Date, daysBack: number, daysAhead: number): Date[] {
  const [hour, minute] = rule.time.split(':').map(Number) as [number, number]
  const today = new Date(wallClock(rule.timezone, now.getTime()))
  const out: Date[] = []
  for (let i = -daysBack; i <= daysAhead; i++) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + i))
    if (!matches(rule, date)) continue
    out.push(zonedInstant(rule.timezone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute))
  }
  return out
}

/** The most recent occurrence at or before `now` (months are at most 31 days apart, so 62 days always holds one). */
export function latestOccurrence(rule: Recurrence, now: Date): Date | null {
  const due = occurrencesAround(rule, now, 62, 1).filter((t) => t.getTime() <= now.getTime())
  return due.at(-1) ?? null
}

/** The first occurrence after `now`. */
export function nextOccurrence(rule: Recurrence, now: Date): Date | null {
  return occurrencesAround(rule, now, 1, 62).find((t) => t.getTime() > now.getTime()) ?? null
}
