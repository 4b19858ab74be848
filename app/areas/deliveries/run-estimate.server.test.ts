import { describe, expect, test } from 'vitest'
import type { Run, RunStop } from './run-view.server'
import { estimateStop } from './run-estimate.server'

const NOW = new Date('2026-11-25T12:00:00Z')
const SETTINGS = { averageSpeedKmh: 25, minutesPerStop: 6 }

function stop(order: number, lat: number, done = false): RunStop {
  return {
    order,
    propertyId: `p${order}`,
    propertyName: `P${order}`,
    address: '',
    requestIds: [`r${order}`],
    assignmentIds: [`a${order}`],
    orderNumbers: [`ORD-${order}`],
    statuses: [done ? 'delivered' : 'assigned'],
    distanceKm: 0,
    done,
    at: { lat, lng: -74 },
    mapped: true,
  }
}

function run(stops: RunStop[]): Run {
  return { id: 'run', organisationId: 'o', runnerId: 'u', runnerName: 'U', start: { lat: 40.7, lng: -74 }, createdAt: NOW, stops, totalKm: 0, done: false }
}

const minutesFromNow = (iso: string | null) => (new Date(iso!).getTime() - NOW.getTime()) / 60_000

describe('arrival estimates of a run’s stops', () => {
  test('stop 2 of 3 waits for the drive to it and the first stop’s time', () => {
    // Two legs of about 2.2 km at 25 km/h (about 5.3 min each) and one stop of 6 min before it.
    const e = estimateStop(run([stop(1, 40.72), stop(2, 40.74), stop(3, 40.76)]), 'a2', SETTINGS, NOW)!
    expect(e).toMatchObject({ id: 'run', stop: 2, stops: 3 })
    expect(minutesFromNow(e.etaFrom)).toBe(17)
    expect(minutesFromNow(e.etaTo)).toBe(27)
  })

  test('the window moves earlier as stops complete', () => {
    const before = estimateStop(run([stop(1, 40.72), stop(2, 40.74), stop(3, 40.76)]), 'a3', SETTINGS, NOW)!
    const after = estimateStop(run([stop(1, 40.72, true), stop(2, 40.74), stop(3, 40.76)]), 'a3', SETTINGS, NOW)!
    expect(minutesFromNow(after.etaFrom)).toBeLessThan(minutesFromNow(before.etaFrom))
    expect(after.stop).toBe(3)
  })

  test('a fresh position is where the drive starts', () => {
    const far = estimateStop(run([stop(1, 40.72)]), 'a1', SETTINGS, NOW, { lat: 40.9, lng: -74 })!
    const near = estimateStop(run([stop(1, 40.72)]), 'a1', SETTINGS, NOW, { lat: 40.72, lng: -74 })!
    expect(minutesFromNow(near.etaFrom)).toBe(0)
    expect(minutesFromNow(far.etaFrom)).toBeGreaterThan(40)
  })

  test('a done stop has no window, and an assignment outside the run no estimate', () => {
    expect(estimateStop(run([stop(1, 40.72, true)]), 'a1', SETTINGS, NOW)).toEqual({ id: 'run', stop: 1, stops: 1, etaFrom: null, etaTo: null })
    expect(estimateStop(run([stop(1, 40.72)]), 'elsewhere', SETTINGS, NOW)).toBeNull()
  })
})
