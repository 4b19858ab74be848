// Lists must stay fast at 100,000 requests: these pin the query plans to the indexes, so a change
// that would scan or sort the whole table fails here rather than in production.
import type { CompiledQuery } from 'kysely'
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { pageQuery } from './request-list.server'

async function plan(query: CompiledQuery) {
  const rows = await db.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN ${query.sql}`, ...query.parameters)
  return rows.map((r) => r.detail).join('\n')
}

const cursor = Buffer.from(`${Date.now()}.00000000-0000-0000-0000-000000000000`).toString('base64url')

test('a page of every current request walks the (organisationId, createdAt, id) index without sorting', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending', 'in_progress', 'completed'], cursor, sort: 'newest' }, 51))
  expect(detail).toMatch(/USING (COVERING )?INDEX ProductRequest_organisationId_createdAt_id_idx \(organisationId=\? AND \(createdAt,id\)<\(\?,\?\)\)/)
  expect(detail).not.toMatch(/TEMP B-TREE/)
})

test('a page of one status seeks the status index without sorting', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending'], cursor, sort: 'newest' }, 51))
  expect(detail).toMatch(/USING (COVERING )?INDEX ProductRequest_organisationId_status_createdAt_id_idx \(organisationId=\? AND status=\? AND \(createdAt,id\)<\(\?,\?\)\)/)
  expect(detail).not.toMatch(/TEMP B-TREE/)
})

// Urgent first (issue 34, decision 106): each status is read in order from the urgent-order index,
// a plain request's later page from where the cursor is; only the merged page is sorted.
const plainCursor = Buffer.from(`u0.-.${Date.now()}.00000000-0000-0000-0000-000000000000`).toString('base64url')

test('a later page urgent first seeks each status in the urgent-order index, sorting only the merged page', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending', 'in_progress', 'completed'], cursor: plainCursor }, 51))
  const reads = detail.split('\n').filter((line) => /\br\b/.test(line))
  expect(reads).toHaveLength(3)
  for (const line of reads) {
    expect(line).toMatch(/USING (COVERING )?INDEX ProductRequest_urgent_order_idx \(organisationId=\? AND status=\? AND urgent=\? AND <expr>=\? AND neededBy=\? AND \(createdAt,id\)<\(\?,\?\)\)/)
  }
  expect(detail).not.toMatch(/TEMP B-TREE FOR (LAST|RIGHT)/)
})

test('a page of one status urgent first is one read of the urgent-order index, unsorted', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending'] }, 51))
  expect(detail).toMatch(/^SEARCH r USING (COVERING )?INDEX ProductRequest_urgent_order_idx \(organisationId=\? AND status=\?\)$/)
})

test('a shorter search urgent first walks the urgent-order index and looks product names up per request', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending', 'in_progress', 'completed'], q: 'so' }, 51))
  expect(detail).toMatch(/INDEX ProductRequest_urgent_order_idx/)
  expect(detail).toMatch(/SEARCH i USING INDEX RequestItem_requestId_idx \(requestId=\?\)/)
  expect(detail).not.toMatch(/TEMP B-TREE FOR (LAST|RIGHT)/)
  expect(detail).not.toMatch(/SCAN r\b/)
})

test('a search of three characters or more reads the trigram indexes, not the requests', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending', 'in_progress', 'completed'], q: 'soap' }, 51))
  expect(detail).toMatch(/SCAN ProductRequestSearch VIRTUAL TABLE/)
  expect(detail).toMatch(/SCAN RequestItemSearch VIRTUAL TABLE/)
  expect(detail).not.toMatch(/SCAN r\b/)
  expect(detail).not.toMatch(/SCAN i\b/)
})

test('a shorter search, too short for a trigram, still walks the index in order and looks product names up per request', async () => {
  const detail = await plan(pageQuery('org', { statuses: ['pending', 'in_progress', 'completed'], q: 'so', sort: 'newest' }, 51))
  expect(detail).toMatch(/INDEX ProductRequest_organisationId_createdAt_id_idx/)
  expect(detail).toMatch(/SEARCH i USING INDEX RequestItem_requestId_idx \(requestId=\?\)/)
  expect(detail).not.toMatch(/TEMP B-TREE/)
})
