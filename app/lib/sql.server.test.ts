import { expect, test } from 'vitest'
import { db } from './db.server'
import { Prisma } from '@prisma/client'
import { readNow, readRows, sqlDate, sqlWithin, writeTogether } from './sql.server'

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
    sql.run("INSERT INTO Organisation (id, name, createdAt) VALUES ('plain-1', 'Written in plain SQL', ?)", sqlDate(new Date()))
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
      sql.run("INSERT INTO Organisation (id, name, createdAt) VALUES ('plain-2', 'Half a change', ?)", sqlDate(new Date()))
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
      sql.run('INSERT INTO ActivityEvent (organisationId, type, subjectId, at) VALUES (?, ?, ?, ?)', org.id, 'request.created', 'x', sqlDate(new Date()))
      throw new Error('undo')
    })
    .catch(() => null)
  expect(await db.activityEvent.count({ where: { organisationId: org.id } })).toBe(0)
})

test('dates read back as the ORM wrote them, and numbers as numbers', async () => {
  const at = new Date('2026-03-04T05:06:07.089Z')
  const org = await db.organisation.create({ data: { name: 'Dated Org', createdAt: at } })
  const later = new Date('2026-05-06T07:08:09.010Z')
  const row = await readNow((sql) => sql.one<{ createdAt: string; n: number }>('SELECT createdAt, (SELECT COUNT(*) FROM Organisation) AS n FROM Organisation WHERE id = ?', org.id))
  expect(row?.createdAt).toBe(sqlDate(at))
  expect(typeof row?.n).toBe('number')
  await writeTogether((sql) => sql.run('UPDATE Organisation SET createdAt = ? WHERE id = ?', sqlDate(later), org.id))
  expect((await db.organisation.findUniqueOrThrow({ where: { id: org.id } })).createdAt.toISOString()).toBe(later.toISOString())
})

test('a Prisma.sql read run as a kept statement finds what the ORM finds, with dates and flags as the ORM stores them', async () => {
  const early = new Date('2026-01-02T03:04:05.006Z')
  const late = new Date('2026-07-08T09:10:11.012Z')
  const org = await db.organisation.create({ data: { name: 'Read Rows Org' } })
  for (const [name, createdAt, isActive] of [['Early Place', early, true], ['Late Place', late, false]] as const) {
    await db.property.create({ data: { organisationId: org.id, name, address: `${name} Street`, createdAt, isActive } })
  }
  const since = (at: Date, active: boolean) =>
    readRows<{ name: string }>(Prisma.sql`SELECT name FROM Property WHERE organisationId = ${org.id} AND createdAt >= ${at} AND isActive = ${active} ORDER BY name`)
  const orm = async (at: Date, active: boolean) =>
    (await db.property.findMany({ where: { organisationId: org.id, createdAt: { gte: at }, isActive: active }, orderBy: { name: 'asc' }, select: { name: true } })).map((p) => p.name)
  for (const [at, active] of [[early, true], [early, false], [late, false], [late, true]] as const) {
    expect((await since(at, active)).map((r) => r.name)).toEqual(await orm(at, active))
  }
  expect((await since(early, true)).map((r) => r.name)).toEqual(['Early Place'])
  expect((await since(late, false)).map((r) => r.name)).toEqual(['Late Place'])
})
