// What a writer hears when SQLite cannot take the write, from the errors SQLite really raises.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { storageProblem } from './storage-errors.server'

function sqliteError(open: (file: string) => Database.Database) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stockrun-storage-')), 'data.db')
  new Database(file).exec('CREATE TABLE product (name TEXT)').close()
  const db = open(file)
  try {
    db.prepare(`INSERT INTO product VALUES ('Mop')`).run()
  } catch (err) {
    return err
  } finally {
    db.close()
  }
  throw new Error('the write went through')
}

test('a write on a read-only database (a LiteFS machine between leases) is a 503 to try again, not a 500', () => {
  const problem = storageProblem(sqliteError((file) => new Database(file, { readonly: true })))
  expect(problem?.status).toBe(503)
  expect(problem?.retryAfter).toBeGreaterThan(0)
  expect(problem?.message).toMatch(/cannot be saved for a moment.*try again/i)
})

test('a write blocked by another writer is a 503 that says the database is busy', () => {
  const blocker = { db: undefined as Database.Database | undefined }
  const err = sqliteError((file) => {
    blocker.db = new Database(file)
    blocker.db.exec('BEGIN IMMEDIATE')
    return new Database(file, { timeout: 10 })
  })
  blocker.db!.exec('ROLLBACK')
  blocker.db!.close()
  expect(storageProblem(err)?.message).toMatch(/busy/i)
})

test('an error that is not about storage stays what it is', () => {
  expect(storageProblem(new Error('Cannot read properties of undefined'))).toBeNull()
})
