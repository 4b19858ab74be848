// A second, raw connection to a test database, for tests that play another process (holding a lock,
// checking integrity after a crash). better-sqlite3 ships no types, so the little we use is typed here.
import { createRequire } from 'node:module'

export type RawDb = {
  exec: (sql: string) => void
  prepare: (sql: string) => { get: (...args: unknown[]) => unknown; all: (...args: unknown[]) => unknown[] }
  pragma: (sql: string, options?: { simple?: boolean }) => unknown
  close: () => void
}

const require = createRequire(import.meta.url)
const Database = require('better-sqlite3') as new (file: string, options?: { timeout?: number; readonly?: boolean }) => RawDb

export function openRaw(databaseUrl: string, options?: { timeout?: number; readonly?: boolean }): RawDb {
  return new Database(databaseUrl.replace(/^file:/, ''), options)
}
