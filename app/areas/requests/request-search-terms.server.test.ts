// Decision 154: a term the index has shown to be common is known so afterwards, in any capitals and
// after writes, and asks the index nothing; a term taken for common that no longer is still gets
// the right requests and count, from the full-text path.
import { statementsDuring } from '../../../tests/support/query-count'
import { beforeAll, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { listAndCountRequests } from './request-list.server'

const N = 1100
let orgId = ''

beforeAll(async () => {
  const org = await db.organisation.create({ data: { name: 'Common Terms' } })
  orgId = org.id
  const start = Date.UTC(2026, 1, 1)
  await db.productRequest.createMany({
    data: Array.from({ length: N }, (_, i) => ({ id: `ct-${String(i).padStart(5, '0')}`, organisationId: orgId, orderNumber: `CT-${i}`, vendorName: 'Pier Vendor', status: 'pending', createdAt: new Date(start + i * 60_000) })),
  })
  await db.requestItem.createMany({ data: Array.from({ length: N }, (_, i) => ({ organisationId: orgId, requestId: `ct-${String(i).padStart(5, '0')}`, productName: 'Sprocket plain' })) })
}, 60_000)

const askedTheIndex = (statements: { query: string }[]) => statements.filter((s) => /\bMATCH\b/.test(s.query))

test('a common term searched again, in other capitals and after a write, asks the full-text index nothing', async () => {
  const first = await listAndCountRequests(orgId, { q: 'sprocket plain', sort: 'newest' })
  expect(first.countIsAtLeast).toBe(true)
  expect(first.requests[0]!.id).toBe(`ct-${String(N - 1).padStart(5, '0')}`)
  await db.productRequest.create({ data: { organisationId: orgId, orderNumber: 'CT-other', vendorName: 'Someone else', status: 'pending' } })
  let again: Awaited<ReturnType<typeof listAndCountRequests>> | undefined
  const statements = await statementsDuring(async () => {
    again = await listAndCountRequests(orgId, { q: 'SPROCKET Plain', sort: 'newest' })
  })
  expect(askedTheIndex(statements)).toEqual([])
  expect(again!.requests.map((r) => r.id)).toEqual(first.requests.map((r) => r.id))
  expect(again!.countIsAtLeast).toBe(true)
})

test('a term taken for common that no longer is still finds its requests and counts them exactly', async () => {
  await listAndCountRequests(orgId, { q: 'Sprocket PLAIN', sort: 'newest' })
  // All but the ten oldest lines renamed: the term is rare now, and the walk's window of the newest
  // 1,000 requests holds none of them.
  const keep = Array.from({ length: 10 }, (_, i) => `ct-${String(i).padStart(5, '0')}`)
  await db.requestItem.updateMany({ where: { organisationId: orgId, requestId: { notIn: keep } }, data: { productName: 'Gear other' } })
  const page = await listAndCountRequests(orgId, { q: 'sprocket plain', sort: 'newest' })
  expect(page.countIsAtLeast).toBe(false)
  expect(page.count).toBe(10)
  expect(page.requests.map((r) => r.id)).toEqual([...keep].reverse())
})
