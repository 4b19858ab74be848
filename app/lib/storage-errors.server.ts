// When the database cannot take a write (another writer holds the lock past the busy timeout, or
// the disk is full), the caller should hear "try again shortly" (503 + Retry-After), never a 500.
import { DomainError } from './errors'

export const RETRY_AFTER_SECONDS = 5

export class StorageUnavailable extends DomainError {
  status = 503
  retryAfter = RETRY_AFTER_SECONDS
}

const BUSY = /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked|Socket timeout|Timed out during query execution/i
const FULL = /SQLITE_FULL|database or disk is full|SQLITE_IOERR|disk I\/O error|ENOSPC/i
// A LiteFS candidate between leases holds a read-only database for a moment; the write waits for the new primary.
const READ_ONLY = /SQLITE_READONLY|attempt to write a readonly database|EROFS/i

function texts(err: unknown): string[] {
  const seen: string[] = []
  let current: unknown = err
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') break
    const e = current as { message?: unknown; code?: unknown; cause?: unknown; meta?: unknown }
    seen.push(String(e.message ?? ''), String(e.code ?? ''), e.meta ? JSON.stringify(e.meta) : '')
    current = e.cause
  }
  return seen
}

/**
 * The SQLite busy timeout (5 s, set on the connection) is the retry: SQLite itself waits and tries
 * again while another writer holds the lock. An error still marked busy after it means we gave up.
 */
export function storageProblem(err: unknown): StorageUnavailable | null {
  if (err instanceof StorageUnavailable) return err
  const all = texts(err).join(' ')
  if (FULL.test(all)) return new StorageUnavailable('Our storage is full, so nothing could be saved. Please try again later; your change was not made.')
  if (READ_ONLY.test(all)) return new StorageUnavailable('Changes cannot be saved for a moment while the database moves to another machine. Please try again in a few seconds; your change was not made.')
  if (BUSY.test(all)) return new StorageUnavailable('The database is busy right now, so nothing was saved. Please try again in a few seconds.')
  return null
}
