// The order a runner visits a run's stops in (issue 30). Pure: positions in, order out, so it is
// tested against brute force and timed on its own. Great-circle distances, because the app knows
// where properties are but not the roads between them; the phone's maps app plans the roads.
//
// Nearest neighbour gives a tour in O(n²); 2-opt then reverses any stretch whose reversal shortens
// it, until none does. The tour is open (the runner does not come back), so a reversal may take the
// last stop with it. For the runs a runner drives in a day (tens of stops) this is within a few per
// cent of optimal and answers in a couple of milliseconds (decision 090).

export type Point = { lat: number; lng: number }

const EARTH_RADIUS_KM = 6371

/** Distance in km along the earth's surface (haversine). */
export function greatCircleKm(a: Point, b: Point): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Length of the open path start → stops in the given order. */
export function tourKm(start: Point, stops: Point[], order: number[]): number {
  let total = 0
  let at = start
  for (const i of order) {
    total += greatCircleKm(at, stops[i]!)
    at = stops[i]!
  }
  return total
}

/**
 * The visiting order of `stops` (their indexes) starting from `start`: nearest neighbour, then 2-opt.
 */
export function orderStops(start: Point, stops: Point[]): number[] {
  const n = stops.length
  if (n <= 1) return n === 1 ? [0] : []
  // Index 0 is the start, 1..n the stops: one matrix read in the inner loop instead of trigonometry.
  const points = [start, ...stops]
  const size = n + 1
  const d = new Float64Array(size * size)
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const km = greatCircleKm(points[i]!, points[j]!)
      d[i * size + j] = km
      d[j * size + i] = km
    }
  }

  const tour = [0]
  const visited = new Uint8Array(size)
  visited[0] = 1
  for (let step = 0; step < n; step++) {
    const from = tour[tour.length - 1]!
    let best = -1
    let bestKm = Infinity
    for (let j = 1; j < size; j++) {
      if (!visited[j] && d[from * size + j]! < bestKm) {
        best = j
        bestKm = d[from * size + j]!
      }
    }
    visited[best] = 1
    tour.push(best)
  }

  // 2-opt on an open path whose first point (the start) stays put: reverse tour[i..k].
  const EPSILON = 1e-9
  let improved = true
  while (improved) {
    improved = false
    for (let i = 1; i < size - 1; i++) {
      for (let k = i + 1; k < size; k++) {
        const a = tour[i - 1]!
        const b = tour[i]!
        const c = tour[k]!
        const before = d[a * size + b]! + (k + 1 < size ? d[c * size + tour[k + 1]!]! : 0)
        const after = d[a * size + c]! + (k + 1 < size ? d[b * size + tour[k + 1]!]! : 0)
        if (after < before - EPSILON) {
          for (let lo = i, hi = k; lo < hi; lo++, hi--) {
            const t = tour[lo]!
            tour[lo] = tour[hi]!
            tour[hi] = t
          }
          improved = true
        }
      }
    }
  }
  return tour.slice(1).map((p) => p - 1)
}
