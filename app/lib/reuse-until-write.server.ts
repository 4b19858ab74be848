// Answers that are expensive to read and only change when something is written (counts over tens of
// thousands of rows), kept in memory and reused until the next commit to the database. The check is
// dataVersion() (decision 015): it moves on every commit, ours, another process's, and on a LiteFS
// replica the primary's as they are applied, so a replica never shows a count older than its data.
// One store for them all: the dashboard's running-out card (decision 044) and the list counts (decision 056).
import { dataVersion } from './db-version.server'

type Kept<T> = { version: number; until: number; value: Promise<T> }

/**
 * A keyed store of answers reused while no write has committed (and, with `maxAgeMs`, for at most
 * that long, for answers that also depend on the clock). At most `most` keys; then it starts over.
 */
export function reusedUntilWrite<T>({ most = 1000, maxAgeMs = Infinity }: { most?: number; maxAgeMs?: number } = {}) {
  const kept = new Map<string, Kept<T>>()
  return (key: string, read: () => Promise<T>): Promise<T> => {
    // Read before the query: a write committed while it runs makes the next call ask again.
    const version = dataVersion()
    const hit = kept.get(key)
    if (hit && hit.version === version && hit.until > Date.now()) return hit.value
    const value = read()
    if (kept.size >= most) kept.clear()
    kept.set(key, { version, until: Date.now() + maxAgeMs, value })
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key)
    })
    return value
  }
}
