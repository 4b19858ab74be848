// The server migrates its own database at start (decision 072's in-process `migrate deploy`): every
// pending migration once, recorded as the Prisma CLI records it, and a failure stops the start.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { applyPendingMigrations } from './migrations.server'

function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
  return { dir, file: path.join(dir, 'app.db'), url: `file:${path.join(dir, 'app.db')}` }
}

test('an empty file gets every migration of the project once, recorded as finished, in WAL mode', () => {
  const { file, url } = scratch()
  const all = fs.readdirSync(path.resolve('prisma/migrations')).filter((d) => /^\d/.test(d)).sort()
  expect(applyPendingMigrations(url)).toEqual(all)
  expect(applyPendingMigrations(url)).toEqual([])
  const sqlite = new Database(file, { readonly: true })
  try {
    const ledger = sqlite.prepare('SELECT migration_name AS name, finished_at AS finished, applied_steps_count AS steps FROM _prisma_migrations ORDER BY migration_name').all() as Array<{ name: string; finished: string | null; steps: number }>
    expect(ledger.map((row) => row.name)).toEqual(all)
    expect(ledger.every((row) => row.finished !== null && row.steps === 1)).toBe(true)
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    // The last migration's tables are there.
    expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('Depot', 'StockMovement', 'PurchaseOrder') ORDER BY name").pluck().all()).toEqual(['Depot', 'PurchaseOrder', 'StockMovement'])
  } finally {
    sqlite.close()
  }
})

test('a migration that fails is recorded with its error and stops every later start until resolved', () => {
  const { dir, url } = scratch()
  const migrations = path.join(dir, 'migrations')
  const scripts: Array<[string, string]> = [
    ['20260101000000_first', 'CREATE TABLE "A" ("id" TEXT PRIMARY KEY);'],
    ['20260102000000_broken', 'CREATE TABLE "B" ("id" TEXT PRIMARY KEY); INSERT INTO "Nowhere" VALUES (1);'],
  ]
  for (const [name, script] of scripts) {
    fs.mkdirSync(path.join(migrations, name), { recursive: true })
    fs.writeFileSync(path.join(migrations, name, 'migration.sql'), script)
  }
  expect(() => applyPendingMigrations(url, migrations)).toThrow(/20260102000000_broken failed: no such table: Nowhere/)
  expect(() => applyPendingMigrations(url, migrations)).toThrow(/20260102000000_broken failed earlier/)
})
