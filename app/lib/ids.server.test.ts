import crypto from 'node:crypto'
import { validate, version } from 'uuid'
import { afterEach, expect, test, vi } from 'vitest'
import { newRowId } from './ids.server'

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/** The milliseconds a v7 id carries in its first 48 bits. */
const msecsOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16)

test('ids made one after another are v7 UUIDs, all different, each sorting after the one before', () => {
  const ids = Array.from({ length: 5000 }, () => newRowId())
  for (const id of ids) {
    expect(validate(id)).toBe(true)
    expect(version(id)).toBe(7)
  }
  expect(new Set(ids).size).toBe(ids.length)
  expect([...ids].sort()).toEqual(ids)
})

// Times after the real clock, which the first test's ids already passed.
test('an id carries the time it was made, and ids of one millisecond still sort in the order they were made', () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'))
  const sameMillisecond = Array.from({ length: 300 }, () => newRowId())
  expect(new Set(sameMillisecond.map(msecsOf))).toEqual(new Set([Date.parse('2030-01-01T10:00:00.000Z')]))
  expect([...sameMillisecond].sort()).toEqual(sameMillisecond)
  vi.setSystemTime(new Date('2030-01-01T10:00:00.005Z'))
  const later = newRowId()
  expect(msecsOf(later)).toBe(Date.parse('2030-01-01T10:00:00.005Z'))
  expect(later > sameMillisecond.at(-1)!).toBe(true)
})

test('a clock that steps back does not make an id sort before an earlier one', () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2030-01-01T10:00:01.000Z'))
  const before = newRowId()
  vi.setSystemTime(new Date('2030-01-01T09:59:59.000Z'))
  const after = newRowId()
  expect(after > before).toBe(true)
})

test('the random part comes from the system, drawn for many ids at a time rather than one draw per id', () => {
  const draws = vi.spyOn(crypto, 'randomFillSync')
  const perId = vi.spyOn(globalThis.crypto, 'getRandomValues')
  const ids = Array.from({ length: 1024 }, () => newRowId())
  expect(draws.mock.calls.length).toBeGreaterThanOrEqual(3)
  expect(draws.mock.calls.length).toBeLessThanOrEqual(5)
  expect(perId).not.toHaveBeenCalled()
  // The random tails differ: no two ids share their last 62 random bits.
  expect(new Set(ids.map((id) => id.slice(19))).size).toBe(ids.length)
})
