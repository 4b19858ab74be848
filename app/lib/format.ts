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

// toLocaleString builds a new Intl formatter on every call, which dominated rendering lists of
// hundreds of rows; the same formatter, kept, gives the same text (ECMA-402 defines both alike).
const dateOnly = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
const dateTimes = new Map<string, Intl.DateTimeFormat>()

/** 'Nov 21, 2026' */
export function formatDate(date: Date | string) {
  const d = new Date(date)
  // format() throws on an invalid date where toLocaleDateString said so.
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : dateOnly.format(d)
}

/** 'Nov 21, 2026, 3:04 PM' */
export function formatDateTime(date: Date | string, timeZone = 'UTC') {
  let format = dateTimes.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
    // An organisation has one time zone; the bound only guards against a flood of bad ones.
    if (dateTimes.size < 100) dateTimes.set(timeZone, format)
  }
  const d = new Date(date)
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : format.format(d)
}

/** What to call a person: their name, or the part of their e-mail before the @ when they gave none. */
export function displayName(person: { firstName: string | null; lastName: string | null; email: string }) {
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ')
  return full || person.email.split('@')[0]!
}

/** A role as a sentence names it: "an admin", "a member", "an owner". */
export function roleWithArticle(role: string) {
  return `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`
}
