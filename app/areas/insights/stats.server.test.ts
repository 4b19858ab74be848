import { expect, test } from 'vitest'
import { dayIn } from './stats.server'
import { safeTimeZone } from '~/areas/organisation/organisation-time-zone.server'

test("an organisation's day runs from its own midnight to the next", () => {
  const now = new Date('2026-11-21T03:30:00Z')
  expect(dayIn('UTC', now)).toEqual({ date: '2026-11-21', start: new Date('2026-11-21T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z') })
  // Still the 20th in New York (UTC−5 in November).
  expect(dayIn('America/New_York', now)).toEqual({ date: '2026-11-20', start: new Date('2026-11-20T05:00:00Z'), end: new Date('2026-11-21T05:00:00Z') })
  // Already the 21st in Kiritimati (UTC+14) and Kolkata (UTC+5:30).
  expect(dayIn('Pacific/Kiritimati', now)).toMatchObject({ date: '2026-11-21', start: new Date('2026-11-20T10:00:00Z') })
  expect(dayIn('Asia/Kolkata', now)).toMatchObject({ date: '2026-11-21', start: new Date('2026-11-20T18:30:00Z') })
})

test('days next to a daylight-saving change are 23 or 25 hours long', () => {
  const spring = dayIn('America/New_York', new Date('2026-03-08T15:00:00Z'))
  expect(spring.start).toEqual(new Date('2026-03-08T05:00:00Z'))
  expect(spring.end).toEqual(new Date('2026-03-09T04:00:00Z'))
  const autumn = dayIn('Europe/London', new Date('2026-10-25T12:00:00Z'))
  expect(autumn.start).toEqual(new Date('2026-10-24T23:00:00Z'))
  expect(autumn.end).toEqual(new Date('2026-10-26T00:00:00Z'))
})

test('an unknown zone name counts as UTC rather than failing the dashboard', () => {
  expect(safeTimeZone('Mars/Olympus_Mons')).toBe('UTC')
  expect(dayIn('Mars/Olympus_Mons', new Date('2026-11-21T03:30:00Z')).date).toBe('2026-11-21')
})
