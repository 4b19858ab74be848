import { expect, test } from 'vitest'
import { db } from './db.server'
import { tables, withIndexes } from './sql-builder.server'
import { readNow, writeTogether } from './sql.server'

test('a statement built against the schema runs as a kept statement and reads what the ORM wrote', async () => {
  const org = await db.organisation.create({ data: { name: 'Built and read' } })
  const rows = await readNow((sql) => sql.all(tables.selectFrom('Organisation').select(['id', 'name', 'timeZone']).where('id', '=', org.id)))
  expect(rows).toEqual([{ id: org.id, name: 'Built and read', timeZone: 'UTC' }])
})

test('dates and flags go in as the ORM stores them, so both kinds of write compare alike', async () => {
  const org = await db.organisation.create({ data: { name: 'Dates alike' } })
  const at = new Date(Date.UTC(2026, 10, 26, 9, 30))
  await writeTogether((sql) => sql.run(tables.updateTable('Organisation').set({ setupCompletedAt: at }).where('id', '=', org.id)))
  const viaOrm = await db.organisation.findUniqueOrThrow({ where: { id: org.id } })
  expect(viaOrm.setupCompletedAt?.getTime()).toBe(at.getTime())
})

test('an index hint is placed beside the alias it names, and a hint for an alias the statement lacks is refused', () => {
  const query = tables.selectFrom('ProductRequest as r').select('r.id').where('r.organisationId', '=', 'o')
  expect(withIndexes(query, { r: 'ProductRequest_urgent_order_idx' }).compile().sql).toContain('"ProductRequest" as "r" INDEXED BY "ProductRequest_urgent_order_idx"')
  expect(() => withIndexes(query, { x: 'ProductRequest_urgent_order_idx' }).compile()).toThrow(/No table aliased "x"/)
})
