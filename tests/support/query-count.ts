// Counts the SQL statements the app sends, for tests that pin how many queries a page costs.
// Import it FIRST in a test file: it installs the process's Prisma client (which the app build
// shares through globalThis) with query events on, before anything else creates one.
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from '@prisma/client'

const client = new PrismaClient({
  adapter: new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
  log: [{ emit: 'event', level: 'query' }],
})
const seen: string[] = []
client.$on('query', (e) => seen.push(e.query))
globalThis.__stockrunDb = client

/** The statements sent while `work` ran (nothing else may query meanwhile). */
export async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const from = seen.length
  await work()
  return seen.slice(from).filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(q.trim()))
}
