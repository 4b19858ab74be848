import { describe, expect, test } from 'vitest'
import { greatCircleKm, orderStops, tourKm, type Point } from './route-order'

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** Stops scattered over a city (about 20 km across). */
function cityStops(rand: () => number, n: number): Point[] {
  return Array.from({ length: n }, () => ({ lat: 40.65 + rand() * 0.2, lng: -74.05 + rand() * 0.25 }))
}

function bruteForceKm(start: Point, stops: Point[]) {
  let best = Infinity
  const order = stops.map((_, i) => i)
  const permute = (k: number) => {
    if (k === order.length) {
      best = Math.min(best, tourKm(start, stops, order))
      return
    }
    for (let i = k; i < order.length; i++) {
      ;[order[k], order[i]] = [order[i]!, order[k]!]
      permute(k + 1)
      ;[order[k], order[i]] = [order[i]!, order[k]!]
    }
  }
  permute(0)
  return best
}

describe('the order a run visits its stops in', () => {
  test('measures the distance between two places along the earth', () => {
    // Times Square to the Empire State Building: about 1.1 km.
    expect(greatCircleKm({ lat: 40.758, lng: -73.9855 }, { lat: 40.7484, lng: -73.9857 })).toBeCloseTo(1.07, 1)
  })

  test('visits every stop exactly once', () => {
    const stops = cityStops(random(1), 12)
    const order = orderStops({ lat: 40.75, lng: -73.98 }, stops)
    expect([...order].sort((a, b) => a - b)).toEqual(stops.map((_, i) => i))
  })

  test('goes to the nearer stop first on a straight street', () => {
    const start = { lat: 40.7, lng: -74 }
    const stops = [3, 1, 2].map((k) => ({ lat: 40.7 + k * 0.01, lng: -74 }))
    expect(orderStops(start, stops)).toEqual([1, 2, 0])
  })

  test('answers for no stops and for one', () => {
    expect(orderStops({ lat: 0, lng: 0 }, [])).toEqual([])
    expect(orderStops({ lat: 0, lng: 0 }, [{ lat: 1, lng: 1 }])).toEqual([0])
  })

  test('is within 5% of the shortest tour on average for runs of up to 9 stops', () => {
    const rand = random(30)
    const ratios: number[] = []
    for (let run = 0; run < 60; run++) {
      const n = 2 + (run % 8) // 2..9 stops
      const stops = cityStops(rand, n)
      const start = cityStops(rand, 1)[0]!
      const ours = tourKm(start, stops, orderStops(start, stops))
      const best = bruteForceKm(start, stops)
      expect(ours).toBeGreaterThanOrEqual(best - 1e-9)
      ratios.push(ours / best)
    }
    const average = ratios.reduce((a, b) => a + b, 0) / ratios.length
    expect(average).toBeLessThan(1.05)
  })
})
