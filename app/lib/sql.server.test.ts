import { expect, test } from 'vitest'
import { db } from './db.server'
import { readNow, sqlDate, sqlWithin, writeTogether } from './sql.server'

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
