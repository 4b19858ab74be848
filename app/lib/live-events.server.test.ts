// The shared poller: one query per tick however many streams listen, each organisation's events to
// its own listeners only, and no timer left running when nobody listens.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { LiveHub, type LiveEvent } from './live-events.server'

afterEach(() => vi.useRealTimers())

function source(events: LiveEvent[] = []) {
  const calls: number[] = []
  return {
    calls,
    events,
    latest: async () => events.at(-1)?.seq ?? 0,
    after: async (seq: number, take: number) => {
      calls.push(seq)
      return events.filter((e) => e.seq > seq).slice(0, take)
    },
  }
}

describe('LiveHub', () => {
  test('one query per tick for a hundred listeners, fanned out by organisation', async () => {
    const db = source([{ seq: 1, organisationId: 'a' }])
    const hub = new LiveHub(db, 1_000_000)
    const got = { a: 0, b: 0 }
    const subs = Array.from({ length: 100 }, (_, i) => hub.subscribe(i % 2 ? 'a' : 'b', () => got[i % 2 ? 'a' : 'b']++))
    expect(await subs[0]!.ready).toBe(1)
    db.events.push({ seq: 2, organisationId: 'a' }, { seq: 3, organisationId: 'a' })
    await hub.tick()
    expect(db.calls).toEqual([1])
    expect(got).toEqual({ a: 100, b: 0 })
    await hub.tick()
    expect(db.calls).toEqual([1, 3])
    expect(got).toEqual({ a: 100, b: 0 })
    subs.forEach((s) => s.close())
    expect(hub.listenerCount).toBe(0)
    await hub.tick()
    expect(db.calls).toEqual([1, 3])
  })

  test('a burst bigger than one batch is drained in order within the tick', async () => {
    const db = source()
    const hub = new LiveHub(db, 1_000_000)
    const seen: number[] = []
    const sub = hub.subscribe('a', (e) => seen.push(e.seq))
    await sub.ready
    for (let seq = 1; seq <= 2500; seq++) db.events.push({ seq, organisationId: 'a' })
    await hub.tick()
    expect(seen.length).toBe(2500)
    expect(seen[0]).toBe(1)
    expect(seen.at(-1)).toBe(2500)
    expect(db.calls).toEqual([0, 1000, 2000])
    sub.close()
  })
})
