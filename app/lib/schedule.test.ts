import { describe, expect, test } from 'vitest'
import { latestOccurrence, nextOccurrence, zonedInstant } from './schedule'

const NY = 'America/New_York'

describe('a wall-clock time in a zone', () => {
  test('07:30 in New York is 12:30 UTC in winter and 11:30 UTC in summer', () => {
    expect(zonedInstant(NY, 2026, 1, 15, 7, 30).toISOString()).toBe('2026-01-15T12:30:00.000Z')
    expect(zonedInstant(NY, 2026, 7, 15, 7, 30).toISOString()).toBe('2026-07-15T11:30:00.000Z')
  })

  test('a time the clocks skip happens just after the jump (02:30 on 8 March 2026 is 03:30 EDT)', () => {
    expect(zonedInstant(NY, 2026, 3, 8, 2, 30).toISOString()).toBe('2026-03-08T07:30:00.000Z')
  })

  test('a time that happens twice happens the first time (01:30 on 1 November 2026, still EDT)', () => {
    expect(zonedInstant(NY, 2026, 11, 1, 1, 30).toISOString()).toBe('2026-11-01T05:30:00.000Z')
  })

  test('zones east of UTC and with half hours', () => {
    expect(zonedInstant('Asia/Kolkata', 2026, 6, 1, 9, 0).toISOString()).toBe('2026-06-01T03:30:00.000Z')
    expect(zonedInstant('Europe/Kyiv', 2026, 3, 29, 3, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z') // 03:00→04:00 gap
  })
})

describe('occurrences of a daily order across daylight-saving changes', () => {
  const daily = { every: 'day' as const, time: '08:00', timezone: NY }

  test('stays at 08:00 local on both sides of the spring change', () => {
    expect(latestOccurrence(daily, new Date('2026-03-07T20:00:00Z'))!.toISOString()).toBe('2026-03-07T13:00:00.000Z')
    expect(latestOccurrence(daily, new Date('2026-03-08T20:00:00Z'))!.toISOString()).toBe('2026-03-08T12:00:00.000Z')
  })

  test('stays at 08:00 local on both sides of the autumn change', () => {
    expect(nextOccurrence(daily, new Date('2026-10-31T13:00:00Z'))!.toISOString()).toBe('2026-11-01T13:00:00.000Z')
    expect(latestOccurrence(daily, new Date('2026-10-31T12:59:00Z'))!.toISOString()).toBe('2026-10-31T12:00:00.000Z')
  })

  test('a day of 23 hours still has exactly one occurrence', () => {
    const seen = new Set<string>()
    for (let t = Date.parse('2026-03-07T00:00:00Z'); t < Date.parse('2026-03-10T00:00:00Z'); t += 60 * 60_000) {
      seen.add(latestOccurrence(daily, new Date(t))!.toISOString())
    }
    expect([...seen].sort()).toEqual(['2026-03-06T13:00:00.000Z', '2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z', '2026-03-09T12:00:00.000Z'])
  })
})

describe('weekly and monthly orders', () => {
  test('every Monday (weekday 1) at 07:30', () => {
    const weekly = { every: 'week' as const, weekday: 1, time: '07:30', timezone: NY }
    // Wednesday 2026-11-25: the last Monday was the 23rd, the next is the 30th.
    expect(latestOccurrence(weekly, new Date('2026-11-25T12:00:00Z'))!.toISOString()).toBe('2026-11-23T12:30:00.000Z')
    expect(nextOccurrence(weekly, new Date('2026-11-25T12:00:00Z'))!.toISOString()).toBe('2026-11-30T12:30:00.000Z')
  })

  test('day 31 of a 30-day month falls on its last day', () => {
    const monthly = { every: 'month' as const, dayOfMonth: 31, time: '09:00', timezone: 'UTC' }
    expect(nextOccurrence(monthly, new Date('2026-11-02T00:00:00Z'))!.toISOString()).toBe('2026-11-30T09:00:00.000Z')
    expect(nextOccurrence(monthly, new Date('2027-02-01T00:00:00Z'))!.toISOString()).toBe('2027-02-28T09:00:00.000Z')
  })
})
