// Applies pending Prisma migrations in-process, the way `prisma migrate deploy` does (same
// `_prisma_migrations` rows and checksums, so the CLI agrees afterwards), without the CLI's
// second-long start. With nothing pending it costs one query and one directory listing.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'

const LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`

/** The file behind a `file:` DATABASE_URL, relative to the working directory as Prisma's adapter reads it. */
export function databaseFile(databaseUrl: string) {
  return path.resolve(databaseUrl.replace(/^file:/, '').split('?')[0]!)
}

function stamp() {
  return new Date().toISOString().replace('Z', '+00:00')
}

/** Migrations in the folder that the database has not applied, oldest first. */
function pendingMigrations(sqlite: Database.Database, dir: string) {
  const hasLedger = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get()
  const rows = hasLedger
    ? (sqlite.prepare('SELECT migration_name AS name, finished_at AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL').all() as {
        name: string
        finished: string | null
      }[])
    : []
  const failed = rows.find((r) => !r.finished)
  if (failed) throw new Error(`Migration ${failed.name} failed earlier; resolve it (prisma migrate resolve) before starting.`)
  const applied = new Set(rows.map((r) => r.name))
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !applied.has(d.name) && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
}

/** Applies what is pending; answers the names applied (empty almost always). Call only on the primary. */
export function applyPendingMigrations(databaseUrl: string, dir = path.resolve('prisma/migrations')): string[] {
  const file = databaseFile(databaseUrl)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new Database(file, { timeout: 5000 })
  try {
    const pending = pendingMigrations(sqlite, dir)
    if (pending.length === 0) return []
    // The primary runs in WAL mode anyway (its write-ahead-log job switches it on); switched on
    // here, before the schema's hundreds of statements, each commits without waiting for the disk:
    // a first boot on an empty file spent 3–6 s in fsync and 0.15 s on the CPU (issue 36).
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.exec(LEDGER)
    for (const name of pending) {
      const script = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
      const id = crypto.randomUUID()
      const checksum = crypto.createHash('sha256').update(script).digest('hex')
      sqlite.prepare('INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES (?, ?, ?, ?)').run(id, checksum, name, stamp())
      try {
        sqlite.exec(script)
      } catch (err) {
        sqlite.prepare('UPDATE _prisma_migrations SET logs = ? WHERE id = ?').run(String(err), id)
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`)
      }
      sqlite.prepare('UPDATE _prisma_migrations SET finished_at = ?, applied_steps_count = 1 WHERE id = ?').run(stamp(), id)
    }
    return pending
  } finally {
    sqlite.close()
  }
}
