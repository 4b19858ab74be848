// How dates and ages read to a US-English manager (spec §9), in one place.

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** 'Just now', 'N minute(s) ago', 'N hour(s) ago', 'N day(s) ago'. */
export function timeAgo(date: Date | string, now: Date = new Date()) {
  const ms = now.getTime() - new Date(date).getTime()
  if (ms < MINUTE) return 'Just now'
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute')
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour')
  return plural(Math.floor(ms / DAY), 'day')
}

/** 'Nov 21, 2026' */
export function formatDate(date: Date | string) {
  return new Date(date).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** 'Nov 21, 2026, 3:04 PM' */
export function formatDateTime(date: Date | string, timeZone = 'UTC') {
  return new Date(date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
}
