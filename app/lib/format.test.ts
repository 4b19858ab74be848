import { expect, test } from 'vitest'
import { formatDate, formatDateTime, formatInvoiceDate, invoiceYear, isoInZone, timeAgo, yearIn } from './format'

test('ages read as a person would say them', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  expect(timeAgo(new Date('2026-11-21T11:59:30Z'), now)).toBe('Just now')
  expect(timeAgo(new Date('2026-11-21T11:59:00Z'), now)).toBe('1 minute ago')
  expect(timeAgo(new Date('2026-11-21T11:15:00Z'), now)).toBe('45 minutes ago')
  expect(timeAgo(new Date('2026-11-21T11:00:00Z'), now)).toBe('1 hour ago')
  expect(timeAgo(new Date('2026-11-21T02:00:00Z'), now)).toBe('10 hours ago')
  expect(timeAgo(new Date('2026-11-20T12:00:00Z'), now)).toBe('1 day ago')
  expect(timeAgo(new Date('2026-11-11T12:00:00Z'), now)).toBe('10 days ago')
})

test('dates are US English', () => {
  expect(formatDate('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026')
})

test('an instant reads on the zone’s clock, the same in every format', () => {
  const at = '2026-11-25T10:15:00Z'
  expect(formatDateTime(at, 'Asia/Kolkata')).toMatch(/^Nov 25, 2026, 3:45\sPM$/)
  expect(formatDate('2026-11-25T20:00:00Z', 'Asia/Kolkata')).toBe('Nov 26, 2026')
  expect(isoInZone(at, 'Asia/Kolkata')).toBe('2026-11-25T15:45:00+05:30')
  expect(isoInZone(at, 'America/New_York')).toBe('2026-11-25T05:15:00-05:00')
  expect(isoInZone(at)).toBe('2026-11-25T10:15:00+00:00')
})

test('an invoice date typed as a day stays that day in any zone; one dated at a moment reads in the zone', () => {
  expect(formatInvoiceDate('2026-12-10T00:00:00Z', 'America/Los_Angeles')).toBe('Dec 10, 2026')
  expect(formatInvoiceDate('2026-12-10T00:00:00Z', 'Pacific/Auckland')).toBe('Dec 10, 2026')
  expect(formatInvoiceDate('2026-11-25T20:00:00Z', 'Pacific/Auckland')).toBe('Nov 26, 2026')
  expect(formatInvoiceDate('2026-11-25T02:00:00Z', 'America/Los_Angeles')).toBe('Nov 24, 2026')
})

test('an invoice is numbered in the year of the day it shows, on the organisation’s clock', () => {
  // Dated "now" on New Year's Eve at 10 pm in New York: already 2027 in UTC, still 2026 there.
  const evening = new Date('2027-01-01T03:00:00Z')
  expect(formatInvoiceDate(evening, 'America/New_York')).toBe('Dec 31, 2026')
  expect(invoiceYear(evening, 'America/New_York')).toBe(2026)
  expect(invoiceYear(evening, 'Asia/Kolkata')).toBe(2027)
  // A day typed in is that day's year in every zone.
  expect(invoiceYear(new Date('2027-01-01T00:00:00Z'), 'America/Los_Angeles')).toBe(2027)
  expect(invoiceYear(new Date('2026-12-31T00:00:00Z'), 'Pacific/Auckland')).toBe(2026)
  expect(yearIn('Pacific/Auckland', new Date('2026-12-31T12:00:00Z'))).toBe(2027)
})
