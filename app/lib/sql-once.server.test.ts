import Database from 'better-sqlite3'
import { sql as fragment } from 'kysely'
import { expect, test } from 'vitest'
import { tables } from './sql-builder.server'
import { compiledForRows, compiledOnce } from './sql-once.server'

/** The same statement built afresh for `p`: what a statement compiled once must answer for every call. */
const fresh = (p: { orgId: string; since: string; type: string }) =>
  tables
    .selectFrom('Notification as n')
    .select(['n.id', 'n.message'])
    .where('n.type', '=', p.type)
    .where('n.isRead', '=', 0)
    .where('n.organisationId', '=', p.orgId)
    .where('n.createdAt', '>', p.since)
    .limit(20)

test('each call binds its values in the places the builder gave them, around the constants, and the builder runs once', () => {
  let built = 0
  const once = compiledOnce((p: { orgId: string; since: string; type: string }) => {
    built++
    return fresh(p)
  })
  const calls = [
    { orgId: 'org-1', since: '2026-01-01T00:00:00.000+00:00', type: 'new_request' },
    { type: 'qr_scan', orgId: 'org-2', since: '2026-02-01T00:00:00.000+00:00' },
  ]
  for (const values of calls) {
    const compiled = once(values).compile()
    expect({ sql: compiled.sql, parameters: compiled.parameters }).toEqual({ sql: fresh(values).compile().sql, parameters: fresh(values).compile().parameters })
  }
  expect(once(calls[0]!).compile().parameters).toEqual(['new_request', 0, 'org-1', calls[0]!.since, 20])
  expect(built).toBe(1)
})

test('a call without one of the values, with one too many or with an undefined one refuses', () => {
  const once = compiledOnce((p: { orgId: string; type: string }) => tables.selectFrom('Notification').select('id').where('organisationId', '=', p.orgId).where('type', '=', p.type))
  expect(() => once({ orgId: 'org-1' } as never)).toThrow('No value for parameter "type"')
  expect(() => once({ orgId: 'org-1', type: undefined } as never)).toThrow('No value for parameter "type"')
  expect(() => once({ orgId: 'org-1', type: 'a', tpye: 'b' } as never)).toThrow('3 values for the 2 parameters (orgId, type)')
  // null is a value: it stores NULL.
  expect(once({ orgId: 'org-1', type: null as never }).compile().parameters).toEqual(['org-1', null])
})

test('a parameter computed with, or read and left out of the statement, refuses at the first call', () => {
  const computed = compiledOnce((p: { name: string }) => tables.selectFrom('Product').select('id').where('name', '=', `${p.name}%`))
  expect(() => computed({ name: 'Towels' })).toThrow('Parameter "name" is a placeholder')
  const shaping = compiledOnce((p: { orgId: string; urgentOnly: boolean }) => tables.selectFrom('ProductRequest').select('id').where('organisationId', '=', p.orgId).$if(!p.urgentOnly, (q) => q))
  expect(() => shaping({ orgId: 'org-1', urgentOnly: false })).toThrow('Parameter "urgentOnly" is not a value of the statement')
})

test("a statement with a literal '?' inside a string keeps it, and binds its parameters around it", () => {
  const once = compiledOnce((p: { orgId: string; id: string }) =>
    tables
      .selectFrom('Notification')
      .select(['id', fragment.lit('why? because?').as('note')])
      .where('organisationId', '=', p.orgId)
      .where('message', '!=', fragment.lit('who?'))
      .where('id', '=', p.id),
  )
  const compiled = once({ orgId: 'org-1', id: 'n-2' }).compile()
  expect(compiled.sql).toContain(`'why? because?'`)
  expect(compiled.sql).toContain(`'who?'`)
  expect(compiled.parameters).toEqual(['org-1', 'n-2'])

  const db = new Database(':memory:')
  db.exec(`CREATE TABLE "Notification" (id TEXT, organisationId TEXT, message TEXT)`)
  const insert = db.prepare('INSERT INTO "Notification" VALUES (?, ?, ?)')
  insert.run('n-1', 'org-1', 'hello')
  insert.run('n-2', 'org-1', 'hello?')
  insert.run('n-3', 'org-1', 'who?')
  const read = (id: string) => {
    const { sql, parameters } = once({ orgId: 'org-1', id }).compile()
    return db.prepare(sql).get(...parameters)
  }
  expect(read('n-2')).toEqual({ id: 'n-2', note: 'why? because?' })
  expect(read('n-3')).toBeUndefined()
  db.close()
})

type Line = { id: string; requestId: string; quantity: number }
const freshLines = (lines: Line[]) => tables.insertInto('RequestItem').values(lines.map((l) => ({ id: l.id, organisationId: 'org-1', requestId: l.requestId, productName: 'Towels', quantity: l.quantity })))

test('a statement over rows binds each row in order, as the builder would for the same rows', () => {
  const insert = compiledForRows((lines: Line[]) => freshLines(lines))
  const lines = [
    { id: 'a', requestId: 'r-1', quantity: 1 },
    { quantity: 2, requestId: 'r-1', id: 'b' },
    { id: 'c', requestId: 'r-2', quantity: 3 },
  ]
  const compiled = insert(lines).compile()
  expect({ sql: compiled.sql, parameters: compiled.parameters }).toEqual({ sql: freshLines(lines).compile().sql, parameters: freshLines(lines).compile().parameters })
  expect(compiled.parameters).toEqual(['a', 'org-1', 'r-1', 'Towels', 1, 'b', 'org-1', 'r-1', 'Towels', 2, 'c', 'org-1', 'r-2', 'Towels', 3])
  expect(() => insert([])).toThrow('0 rows for a statement of 1 to 100')
  expect(() => insert([lines[0]!, { id: 'x', requestId: 'r-1' } as never])).toThrow('No value for parameter "quantity" in row 1')
})

test('the texts kept per row count are bounded: the longest unused goes first', () => {
  let built = 0
  const insert = compiledForRows(
    (lines: Line[]) => {
      built++
      return freshLines(lines)
    },
    { keep: 3, most: 10 },
  )
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `l-${i}`, requestId: 'r-1', quantity: i + 1 }))
  for (const n of [1, 2, 3, 4, 5]) insert(rows(n))
  expect(insert.keptCounts()).toEqual([3, 4, 5])
  expect(built).toBe(5)
  insert(rows(3))
  expect(built).toBe(5)
  insert(rows(1))
  expect(built).toBe(6)
  expect(insert.keptCounts()).toEqual([5, 3, 1])
  expect(insert(rows(1)).compile().parameters).toEqual(freshLines(rows(1)).compile().parameters)
  expect(() => insert(rows(11))).toThrow('11 rows for a statement of 1 to 10')
})
