// What "nothing changed" means in a test: the row counts and a checksum of every table, limited to
// one organisation's rows where a table says whose they are (so another organisation's legitimate
// writes do not blur the picture). Sessions are left out: signing in is not a change to the data.
import crypto from 'node:crypto'
import { db } from '~/lib/db.server'

const SKIPPED = new Set(['_prisma_migrations', 'Session'])

function scopeOf(table: string, columns: string[]): string {
  if (columns.includes('organisationId')) return 'WHERE "organisationId" = ?'
  if (table === 'Organisation') return 'WHERE "id" = ?'
  if (table === 'UserSettings') return 'WHERE "userId" IN (SELECT "userId" FROM "Membership" WHERE "organisationId" = ?)'
  if (table === 'RequestStatusChange') return 'WHERE "requestId" IN (SELECT "id" FROM "ProductRequest" WHERE "organisationId" = ?)'
  return ''
}

export type Snapshot = { counts: Record<string, number>; checksum: string }

export async function snapshotOf(orgId: string): Promise<Snapshot> {
  const all = await db.$queryRawUnsafe<{ name: string; sql: string | null }[]>(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
  // A full-text index (and its shadow tables) only mirrors rows checksummed in their own tables.
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? '')).map((t) => t.name)
  const tables = all.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
  const hash = crypto.createHash('sha256')
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    if (SKIPPED.has(name)) continue
    const columns = (await db.$queryRawUnsafe<{ name: string }[]>(`PRAGMA table_info("${name}")`)).map((c) => c.name)
    const scope = scopeOf(name, columns)
    const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${name}" ${scope} ORDER BY rowid`, ...(scope ? [orgId] : []))
    counts[name] = rows.length
    hash.update(name).update(JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
  }
  return { counts, checksum: hash.digest('hex') }
}
