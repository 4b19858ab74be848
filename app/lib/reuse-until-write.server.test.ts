import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { countRequests } from '~/areas/requests/request-list.server'
import { requestStats } from '~/areas/insights/stats.server'
import { givenRequestWith } from '../../tests/fixtures/requests'
import { reusedUntilWrite } from './reuse-until-write.server'

test('an answer is reused until a write commits, and asked again right after one', async () => {
  const kept = reusedUntilWrite<number>()
  let reads = 0
  const read = async () => ++reads
  expect(await kept('a', read)).toBe(1)
  expect(await kept('a', read)).toBe(1)
  expect(await kept('b', read)).toBe(2)
  await db.organisation.create({ data: { name: 'Any write' } })
  expect(await kept('a', read)).toBe(3)
  expect(await kept('a', read)).toBe(3)
})

test('a failed read is not kept, and an answer is not kept beyond its age', async () => {
  const kept = reusedUntilWrite<string>({ maxAgeMs: 0 })
  await expect(kept('k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy')
  expect(await kept('k', async () => 'fresh')).toBe('fresh')
  expect(await kept('k', async () => 'again')).toBe('again')
})

test("the request list's count and the dashboard's counters move with the very next request", async () => {
  const org = await db.organisation.create({ data: { name: 'Counted Org' } })
  expect(await countRequests(org.id, { statuses: ['pending', 'in_progress', 'completed'] })).toBe(0)
  expect((await requestStats(org.id)).pendingRequests).toBe(0)
  await givenRequestWith(org.id, { products: [{ name: 'Soap', quantity: 1 }] })
  expect(await countRequests(org.id, { statuses: ['pending', 'in_progress', 'completed'] })).toBe(1)
  expect(await countRequests(org.id)).toBe(1)
  expect((await requestStats(org.id)).pendingRequests).toBe(1)
})
