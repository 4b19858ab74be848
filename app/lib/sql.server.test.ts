import { expect, test } from 'vitest'
import { db } from './db.server'
import { tables } from './sql-builder.server'
import { readNow, sqlDate, sqlWithin, storedDateOrNull, writeTogether } from './sql.server'

async function organisationNamed(name: string) {
  return db.organisation.findFirst({ where: { name } })
}

test('a plain-SQL write waits for an ORM transaction under way, and is not undone when that one rolls back', async () => {
  let letGo!: () => void
  const held = new Promise<void>((resolve) => (letGo = resolve))
  const orm = db
    .$transaction(async (tx) => {
      await tx.organisation.create({ data: { name: 'Rolled back with the ORM' } })
      await held
      throw new Error('the manager cancelled')
    })
    .catch((err: Error) => err.message)
  // Give the ORM time to begin and write; its transaction is now open on the shared connection.
  await new Promise((resolve) => setTimeout(resolve, 20))
  let wrote = false
  const plain = writeTogether((sql) => {
    sql.run(tables.insertInto('Organisation').values({ id: 'plain-1', name: 'Written in plain SQL', createdAt: new Date() }))
    wrote = true
  })
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(wrote).toBe(false)
  letGo()
  expect(await orm).toBe('the manager cancelled')
  await plain
  expect(wrote).toBe(true)
  expect(await organisationNamed('Rolled back with the ORM')).toBeNull()
  expect((await organisationNamed('Written in plain SQL'))?.id).toBe('plain-1')
})

test('a plain-SQL transaction is all or nothing', async () => {
  await expect(
    writeTogether((sql) => {
      sql.run(tables.insertInto('Organisation').values({ id: 'plain-2', name: 'Half a change', createdAt: new Date() }))
      throw new Error('a rule refused it')
    }),
  ).rejects.toThrow('a rule refused it')
  expect(await organisationNamed('Half a change')).toBeNull()
})

test('statements inside an ORM transaction are part of it: they roll back with it', async () => {
  const org = await db.organisation.create({ data: { name: 'Activity Org' } })
  await db
    .$transaction(async (tx) => {
      const sql = await sqlWithin(tx)
      sql.run(tables.insertInto('ActivityEvent').values({ organisationId: org.id, type: 'request.created', subjectId: 'x', at: new Date() }))
      throw new Error('undo')
    })
    .catch(() => null)
  expect(await db.activityEvent.count({ where: { organisationId: org.id } })).toBe(0)
})

test('dates read back as the ORM wrote them, and numbers as numbers', async () => {
  const at = new Date('2026-03-04T05:06:07.089Z')
  const org = await db.organisation.create({ data: { name: 'Dated Org', createdAt: at } })
  const later = new Date('2026-05-06T07:08:09.010Z')
  const row = await readNow((sql) =>
    sql.one(
      tables
        .selectFrom('Organisation as o')
        .select((eb) => ['o.createdAt', eb.selectFrom('Organisation').select((c) => c.fn.countAll<number>().as('n')).as('n')])
        .where('o.id', '=', org.id),
    ),
  )
  expect(row?.createdAt).toBe(sqlDate(at))
  expect(typeof row?.n).toBe('number')
  await writeTogether((sql) => sql.run(tables.updateTable('Organisation').set({ createdAt: later }).where('id', '=', org.id)))
  expect((await db.organisation.findUniqueOrThrow({ where: { id: org.id } })).createdAt.toISOString()).toBe(later.toISOString())
})

test('a built read run as a kept statement finds what the ORM finds, with dates and flags as the ORM stores them', async () => {
  const early = new Date('2026-01-02T03:04:05.006Z')
  const late = new Date('2026-07-08T09:10:11.012Z')
  const org = await db.organisation.create({ data: { name: 'Read Rows Org' } })
  for (const [name, createdAt, isActive] of [['Early Place', early, true], ['Late Place', late, false]] as const) {
    await db.property.create({ data: { organisationId: org.id, name, address: `${name} Street`, createdAt, isActive } })
  }
  const since = (at: Date, active: boolean) =>
    readNow((sql) =>
      sql.all(
        tables
          .selectFrom('Property')
          .select('name')
          .where('organisationId', '=', org.id)
          .where('createdAt', '>=', sqlDate(at))
          .where('isActive', '=', active ? 1 : 0)
          .orderBy('name'),
      ),
    )
  const orm = async (at: Date, active: boolean) =>
    (await db.property.findMany({ where: { organisationId: org.id, createdAt: { gte: at }, isActive: active }, orderBy: { name: 'asc' }, select: { name: true } })).map((p) => p.name)
  for (const [at, active] of [[early, true], [early, false], [late, false], [late, true]] as const) {
    expect((await since(at, active)).map((r) => r.name)).toEqual(await orm(at, active))
  }
  expect((await since(early, true)).map((r) => r.name)).toEqual(['Early Place'])
  expect((await since(late, false)).map((r) => r.name)).toEqual(['Late Place'])
})

test('a date is written as the ORM writes it, whichever date came before it, and an invalid one is refused', () => {
  const stamp = new Date('2026-11-27T08:30:00.250Z')
  expect(sqlDate(stamp)).toBe('2026-11-27T08:30:00.250+00:00')
  expect(sqlDate(new Date('2026-11-27T08:30:00.251Z'))).toBe('2026-11-27T08:30:00.251+00:00')
  // The same Date object, moved on: the new time, not the one written before.
  stamp.setTime(Date.parse('2027-01-01T00:00:00.000Z'))
  expect(sqlDate(stamp)).toBe('2027-01-01T00:00:00.000+00:00')
  expect(sqlDate(new Date('2026-11-27T08:30:00.250Z'))).toBe('2026-11-27T08:30:00.250+00:00')
  expect(() => sqlDate(new Date('not a date'))).toThrow(RangeError)
})

test('a date read back as stored is the date that was written; an empty column is no date', () => {
  const at = new Date('2026-11-27T08:30:00.250Z')
  expect(storedDateOrNull(sqlDate(at))).toEqual(at)
  expect(storedDateOrNull(null)).toBeNull()
})
