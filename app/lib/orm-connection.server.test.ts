// The plain SQL and the ORM share one SQLite connection, whichever of them opens it first.
import { expect, test } from 'vitest'
import { db, ormConnection, tuneDatabase } from './db.server'
import { notedConnection } from './orm-connection.server'
import { readNow, sqlWithin } from './sql.server'
import { tables } from './sql-builder.server'

test('a read in plain SQL before the ORM has started opens the connection the ORM then uses', async () => {
  const opened = await ormConnection()
  expect(await readNow((sql) => sql.one(tables.selectNoFrom((eb) => eb.lit(1).as('one'))))).toEqual({ one: 1 })
  // The ORM's first query, after the connection was opened without it.
  await db.organisation.count()
  expect(notedConnection()).toBe(opened)
  // Inside an ORM transaction, the plain SQL sees its uncommitted row: one connection, not two.
  await db.$transaction(async (tx) => {
    await tx.organisation.create({ data: { id: 'org-shared', name: 'Shared Connection Ltd' } })
    const sql = await sqlWithin(tx)
    expect(sql.one(tables.selectFrom('Organisation').select('name').where('id', '=', 'org-shared'))).toEqual({ name: 'Shared Connection Ltd' })
  })
})

test('the settings every connection needs are on the one the ORM uses, and a closed connection is opened again', async () => {
  await tuneDatabase()
  const connection = await ormConnection()
  expect(connection.pragma('foreign_keys', { simple: true })).toBe(1n)
  await db.$disconnect()
  expect(connection.open).toBe(false)
  const again = await ormConnection()
  expect(again.open).toBe(true)
  expect(again).not.toBe(connection)
  await db.organisation.count()
  expect(notedConnection()).toBe(again)
})
