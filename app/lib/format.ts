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
// Instants (when a request came in, was delivered) read on the organisation's clock: pass its zone.
// Calendar dates a manager picked (an invoice's date, its due date) are kept as UTC midnight, so they
// read in UTC, the default, and show the day that was picked.
const dates = new Map<string, Intl.DateTimeFormat>()
const dateTimes = new Map<string, Intl.DateTimeFormat>()

function kept(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    // An organisation has one time zone; the bound only guards against a flood of bad ones.
    if (formats.size < 100) formats.set(timeZone, format)
  }
  return format
}

/** 'Nov 21, 2026' */
export function formatDate(date: Date | string, timeZone = 'UTC') {
  const d = new Date(date)
  // format() throws on an invalid date where toLocaleDateString said so.
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : kept(dates, timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(d)
}

/**
 * An invoice's date or due date as a person reads it. A date typed into a date input is stored as
 * that calendar day at UTC midnight and reads as that day in every zone; an invoice dated "now" (or
 * its due date counted from then) holds a moment, which reads as the day it was in `timeZone`.
 */
export function formatInvoiceDate(date: Date | string, timeZone = 'UTC') {
  const d = new Date(date)
  return formatDate(d, invoiceDateZone(d, timeZone))
}

/** The zone an invoice's date reads in: UTC for a calendar day typed in, `timeZone` for a moment. */
function invoiceDateZone(d: Date, timeZone: string) {
  const calendarDay = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0
  return calendarDay ? 'UTC' : timeZone
}

const years = new Map<string, Intl.DateTimeFormat>()

/** The year a moment falls in on a zone's clock: New Year's Eve evening in New York is still that year. */
export function yearIn(timeZone: string, at: Date) {
  return Number(kept(years, timeZone, { year: 'numeric' }).format(at))
}

/** The year an invoice is numbered in: the year of the day it shows (see formatInvoiceDate). */
export function invoiceYear(date: Date, timeZone: string) {
  return yearIn(invoiceDateZone(date, timeZone), date)
}

/** 'Nov 21, 2026, 3:04 PM' */
export function formatDateTime(date: Date | string, timeZone = 'UTC') {
  const d = new Date(date)
  return Number.isNaN(d.getTime()) ? 'Invalid Date' : kept(dateTimes, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(d)
}

const clocks = new Map<string, Intl.DateTimeFormat>()

/** '2026-11-25T15:45:00+05:30': ISO 8601 on the zone's clock with its offset, for CSV files. */
export function isoInZone(date: Date | string, timeZone = 'UTC') {
  const d = new Date(date)
  if (Number.isNaN(d.getTime())) return ''
  const clock = kept(clocks, timeZone, { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
  const p = Object.fromEntries(clock.formatToParts(d).map((x) => [x.type, x.value]))
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second))
  const offset = Math.round((wall - Math.floor(d.getTime() / 1000) * 1000) / 60_000)
  const sign = offset < 0 ? '-' : '+'
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')
  const mm = String(Math.abs(offset) % 60).padStart(2, '0')
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hh}:${mm}`
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
