// Issue 36, item 2 (decision 126): a search most requests match is walked in the list's order, a rare
// one found through the full-text index. Whichever answers, the pages hold the same requests in the
// same order as the list without a search filtered by hand, cursor after cursor, and the Requests
// page's count is exact below COUNT_CAP matches and "more than" it above.
import { beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { COUNT_CAP, listAndCountRequests, listRequests, type RequestFilter, type RequestSort } from './request-list.server'

const N = 2100
const STATUSES = ['pending', 'in_progress', 'completed', 'archived']
type Made = { id: string; status: string; urgent: boolean; neededBy: Date | null; createdAt: Date; names: string[] }
let orgId = ''
const made: Made[] = []

beforeAll(async () => {
  const org = await db.organisation.create({ data: { name: 'Match Rates' } })
  orgId = org.id
  const start = Date.UTC(2026, 0, 1)
  for (let i = 0; i < N; i++) {
    // Every request holds "Widget common", every other one "Gadget half" (enough for the walk), three "Rare thing".
    const names = ['Widget common', ...(i % 2 ? [] : ['Gadget half']), ...(i % 700 === 5 ? ['Rare thing'] : [])]
    // Some urgent, some needed by a day (a few sharing one), and two created at the same instant, so every key of the order counts.
    const neededBy = i % 37 === 0 ? new Date(start + (i % 5) * 86_400_000) : null
    made.push({ id: `req-${String(i).padStart(5, '0')}`, status: STATUSES[i % 4]!, urgent: i % 29 === 0, neededBy, createdAt: new Date(start + Math.floor(i / 2) * 60_000), names })
  }
  await db.productRequest.createMany({
    data: made.map((r, i) => ({ id: r.id, organisationId: org.id, orderNumber: `MR-${i}`, vendorName: `Vendor ${i % 9}`, status: r.status, urgent: r.urgent, neededBy: r.neededBy, createdAt: r.createdAt })),
  })
  await db.requestItem.createMany({ data: made.flatMap((r) => r.names.map((productName) => ({ organisationId: org.id, requestId: r.id, productName }))) })
}, 60_000)

/** The list's order (decision 106), written out by hand. */
function inOrder(sort: RequestSort, rows: Made[]) {
  const byDate = (a: Made, b: Made) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  if (sort === 'oldest') return [...rows].sort(byDate)
  if (sort === 'newest') return [...rows].sort((a, b) => byDate(b, a))
  return [...rows].sort(
    (a, b) =>
      Number(b.urgent) - Number(a.urgent) ||
      Number(a.neededBy === null) - Number(b.neededBy === null) ||
      (a.neededBy?.getTime() ?? 0) - (b.neededBy?.getTime() ?? 0) ||
      byDate(b, a),
  )
}

/** Every page of a search, cursor after cursor. */
async function allPages(filter: RequestFilter) {
  const ids: string[] = []
  let cursor: string | null = null
  for (let i = 0; i < 100; i++) {
    const page = await listRequests(orgId, { ...filter, cursor })
    ids.push(...page.requests.map((r) => r.id))
    cursor = page.nextCursor
    if (!cursor) break
  }
  return ids
}

const TERMS = [
  ['almost none', 'rare THING', (r: Made) => r.names.includes('Rare thing')],
  ['about half', 'gadget half', (r: Made) => r.names.includes('Gadget half')],
  ['almost all', 'Widget Common', () => true],
] as const

describe.each(TERMS)('a term matching %s', (_name, q, matches) => {
  test.each(['urgent', 'newest', 'oldest'] as const)('pages hold the same requests in the same order, sorted %s', async (sort) => {
    const statuses = ['pending', 'in_progress', 'completed'] as const
    const expected = inOrder(sort, made.filter((r) => matches(r) && (statuses as readonly string[]).includes(r.status))).map((r) => r.id)
    // The first page and the pages after it, the last one ending the list.
    const firstPage = (await listRequests(orgId, { q, statuses: [...statuses], sort, limit: 50 })).requests.map((r) => r.id)
    expect(firstPage).toEqual(expected.slice(0, 50))
    expect(await allPages({ q, statuses: [...statuses], sort, limit: 300 })).toEqual(expected)
  })

  test('only urgent requests, every status', async () => {
    const expected = inOrder('urgent', made.filter((r) => matches(r) && r.urgent)).map((r) => r.id)
    expect(await allPages({ q, urgent: true, limit: 7 })).toEqual(expected)
  })

  test('the Requests page: its rows, then its count, exact or "more than"', async () => {
    const statuses = ['pending', 'in_progress', 'completed'] as const
    const expected = inOrder('urgent', made.filter((r) => matches(r) && (statuses as readonly string[]).includes(r.status))).map((r) => r.id)
    const first = await listAndCountRequests(orgId, { q, statuses: [...statuses] })
    expect(first.requests.map((r) => r.id)).toEqual(expected.slice(0, 50))
    if (expected.length > COUNT_CAP) expect({ count: first.count, countIsAtLeast: first.countIsAtLeast }).toEqual({ count: COUNT_CAP, countIsAtLeast: true })
    else expect({ count: first.count, countIsAtLeast: first.countIsAtLeast }).toEqual({ count: expected.length, countIsAtLeast: false })
    // A later page: the rows after the cursor, and the same count.
    if (first.nextCursor) {
      const second = await listAndCountRequests(orgId, { q, statuses: [...statuses], cursor: first.nextCursor })
      expect(second.requests.map((r) => r.id)).toEqual(expected.slice(50, 100))
      expect(second.count).toBe(first.count)
    }
  })
})
