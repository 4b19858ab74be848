// A cheap "has anything in the database changed?" for in-process caches. SQLite's data_version
// moves whenever ANOTHER connection commits, so this watcher connection, which never writes, sees
// every commit: our own Prisma client's, another process's, and on a LiteFS replica the primary's
// writes as they are applied to the file. Reading it costs microseconds and no I/O beyond the
// WAL index, so a cache can check it on every hit instead of trusting an invalidation message
// that a replica would never receive.
import Database from 'better-sqlite3'
import { env } from './env.server'

type Watcher = { url: string; version: () => number }

let watcher: Watcher | undefined

/** The file a `file:` database URL names. */
export function databaseFile(url: string) {
  return url.replace(/^file:/, '').replace(/\?.*$/, '')
}

// When the watcher cannot read, every call is "changed": caches then simply never hit.
let uncached = 0
const never = () => --uncached

function open(url: string): Watcher | undefined {
  try {
    // Not opened read-only: a read-only connection cannot create the WAL index if it is missing.
    const conn = new Database(databaseFile(url), { fileMustExist: true })
    const stmt = conn.prepare('PRAGMA data_version').pluck()
    return {
      url,
      version: () => {
        try {
          return stmt.get() as number
        } catch {
          return never()
        }
      },
    }
  } catch {
    // No database file yet: try again next time.
    return undefined
  }
}

/** A number that changes whenever a write was committed to the database since the last call. */
export function dataVersion(): number {
  const url = env().DATABASE_URL
  if (watcher?.url !== url) watcher = open(url)
  return watcher ? watcher.version() : never()
}
