// Counts the SQL statements the app sends, for tests that pin how many queries a page costs.
// Import it FIRST in a test file: it installs the process's Prisma client (which the app build
// shares through globalThis) with query events on, before anything else creates one.
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from '@prisma/client'
import { noteConnection } from '~/lib/orm-connection.server'

const client = new PrismaClient({
  adapter: noteConnection(new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! })),
  log: [{ emit: 'event', level: 'query' }],
})
/** `orm`: sent by the ORM (which costs ~1 ms of CPU a statement), not one of lib/sql.server's kept statements. */
export type SentQuery = { query: string; params: unknown[]; orm?: boolean }
const seen: SentQuery[] = []
client.$on('query', (e) => seen.push({ query: e.query, params: parseParams(e.params), orm: true }))

function parseParams(text: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}
globalThis.__stockrunDb = client
// The hot paths' kept statements (lib/sql.server.ts) are sent too, just not through the ORM.
globalThis.__stockrunStatementWatcher = (query, params) => seen.push({ query, params, orm: false })

/** The statements sent while `work` ran (nothing else may query meanwhile). */
export async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(work)).map((s) => s.query)
}

/** The same, with each statement's parameters (for EXPLAIN QUERY PLAN). */
export async function statementsDuring(work: () => Promise<unknown>): Promise<SentQuery[]> {
  const from = seen.length
  await work()
  return seen.slice(from).filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(q.query.trim()))
}

/** The statements the ORM sent while `work` ran (the kept statements left out). */
export async function ormQueriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(work)).filter((s) => s.orm).map((s) => s.query)
}
