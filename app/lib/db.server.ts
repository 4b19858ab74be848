import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from '@prisma/client'
import { FALLBACK_CHECKPOINT_PAGES } from './checkpoints.server'
import { env } from './env.server'
import { noteConnection, notedConnection, openNotedConnection, type Connection } from './orm-connection.server'

declare global {
  var __stockrunDb: PrismaClient | undefined
}

function connect() {
  // DATABASE_READONLY opens the file as a LiteFS replica sees it (tests simulate a replica with it).
  const adapter = noteConnection(new PrismaBetterSQLite3({ url: env().DATABASE_URL, timeout: 5000, readonly: env().DATABASE_READONLY }))
  const client = new PrismaClient({ adapter })
  return client
}

/**
 * The ORM's own SQLite connection, opened if it is not yet: through its adapter, without starting
 * the ORM itself, which its first query does. Only this file and lib/sql.server.ts use it.
 */
export async function ormConnection(): Promise<Connection> {
  const connection = notedConnection() ?? (await openNotedConnection())
  if (!connection) throw new Error('The database connection could not be opened')
  return connection
}

// One client per process, kept across dev rebuilds so connections are not leaked.
export const db: PrismaClient = (globalThis.__stockrunDb ??= connect())

let tuned: Promise<void> | undefined
/**
 * Settings of this connection only, so every machine (a read-only replica too) applies them:
 * the busy timeout queues writers instead of failing; foreign keys are enforced.
 */
export function tuneDatabase() {
  // On the connection itself, not through the ORM: the start of a woken machine does not wait for the
  // ORM's own start (decision 161).
  tuned ??= (async () => {
    const connection = await ormConnection()
    connection.pragma('busy_timeout = 5000')
    connection.pragma('synchronous = NORMAL')
    connection.pragma('foreign_keys = ON')
    // The primary checkpoints from a worker thread (lib/checkpoints.server.ts); this is the fallback.
    connection.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`)
  })()
  return tuned
}

/** WAL lets readers carry on while one writer writes. It is written into the file, so only the primary sets it. */
export async function switchToWriteAheadLog() {
  ;(await ormConnection()).pragma('journal_mode = WAL')
}
