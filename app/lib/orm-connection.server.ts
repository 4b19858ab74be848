// Which SQLite connection the ORM's adapter opened, kept so the plain-SQL hot paths
// (lib/sql.server.ts, decision 063) use that same connection: a second one in this thread would
// wait on SQLite's lock while an ORM transaction holds it (decision 043). No side effects on import,
// so a test can wrap the client it installs too (tests/support/query-count.ts).
import type { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'

export type Connection = import('better-sqlite3').Database

type Opened = Awaited<ReturnType<PrismaBetterSQLite3['connect']>>

declare global {
  var __stockrunConnection: Connection | undefined
  var __stockrunAdapter: PrismaBetterSQLite3 | undefined
}

/**
 * The adapter, noting the connection it opens and opening only one while it stays open: the plain
 * SQL may open it before the ORM's first query (a woken machine's first answer needs no ORM, whose
 * start costs ~0.1 s, decision 161), and the ORM then gets the same connection.
 */
export function noteConnection(adapter: PrismaBetterSQLite3): PrismaBetterSQLite3 {
  const open = adapter.connect.bind(adapter)
  let opening: Promise<Opened> | undefined
  let opened: Connection | undefined
  adapter.connect = () => {
    if (!opening || (opened && !opened.open)) {
      opened = undefined
      opening = open().then((adapted) => {
        opened = (adapted as unknown as { client: Connection }).client
        globalThis.__stockrunConnection = opened
        return adapted
      })
      // A failed open is tried again on the next call.
      opening.catch(() => (opening = undefined))
    }
    return opening
  }
  globalThis.__stockrunAdapter = adapter
  return adapter
}

/** The connection the ORM opened last, while it is open. */
export function notedConnection(): Connection | undefined {
  const connection = globalThis.__stockrunConnection
  return connection?.open ? connection : undefined
}

/** Opens the noted adapter's connection without starting the ORM (its query compiler, its client). */
export async function openNotedConnection(): Promise<Connection | undefined> {
  await globalThis.__stockrunAdapter?.connect()
  return notedConnection()
}
