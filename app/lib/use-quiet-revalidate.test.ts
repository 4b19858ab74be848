// A background reload waits while anything is under way, read from the router's own state as well as
// from the last render (a fetcher just submitted is in the router's state before React renders it).
import { expect, test } from 'vitest'
import { reloadIfQuiet, underWay, type RouterActivity } from './use-quiet-revalidate'

const idle: RouterActivity = { navigation: { state: 'idle' }, revalidation: 'idle', fetchers: new Map() }


test('nothing under way: a reload may start', () => {
  expect(underWay(idle)).toBe(false)
  expect(underWay({ ...idle, fetchers: new Map([['bell', { state: 'idle' }]]) })).toBe(false)
})

test('a fetcher sending or loading, a navigation or a reload under way: it waits', () => {
  expect(underWay({ ...idle, fetchers: new Map([['bell', { state: 'idle' }], ['preferences', { state: 'submitting' }]]) })).toBe(true)
  expect(underWay({ ...idle, fetchers: [{ state: 'loading' }] })).toBe(true)
  expect(underWay({ ...idle, navigation: { state: 'loading' } })).toBe(true)
  expect(underWay({ ...idle, revalidation: 'loading' })).toBe(true)
})

test("a switch just sent is in the router's state before the page renders it: no reload then, one once all is idle", () => {
  const reloads: string[] = []
  const justSent: RouterActivity = { ...idle, fetchers: new Map([['preferences', { state: 'submitting' }]]) }
  expect(reloadIfQuiet(idle, justSent, () => reloads.push('reload'))).toBe(false)
  expect(reloadIfQuiet({ ...idle, fetchers: [{ state: 'loading' }] }, idle, () => reloads.push('reload'))).toBe(false)
  expect(reloads).toEqual([])
  expect(reloadIfQuiet(idle, idle, () => reloads.push('reload'))).toBe(true)
  // Where the router's state cannot be read, what was rendered decides.
  expect(reloadIfQuiet(idle, undefined, () => reloads.push('reload'))).toBe(true)
  expect(reloads).toEqual(['reload', 'reload'])
})
