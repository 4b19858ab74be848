// Which SQLite connection the ORM's adapter opened, kept so the plain-SQL hot paths
// (lib/sql.server.ts, decision 063) use that same connection: a second one in this thread would
// wait on SQLite's lock while an ORM transaction holds it (decision 043). No side effects on import,
// so a test can wrap the client it installs too (tests/support/query-count.ts).
import type { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'

export type Connection = import('better-sqlite3').Database

declare global {
  var __stockrunConnection: Connection | undefined
}

/** The adapter, noting the connection it opens (it opens it on the ORM's first query, as `client`). */
export function noteConnection(adapter: PrismaBetterSQLite3): PrismaBetterSQLite3 {
  const open = adapter.connect.bind(adapter)
  adapter.connect = async () => {
    const opened = await open()
    globalThis.__stockrunConnection = (opened as unknown as { client: Connection }).client
    return opened
  }
  return adapter
}

/** The connection the ORM opened last, while it is open. */
export function notedConnection(): Connection | undefined {
  const connection = globalThis.__stockrunConnection
  return connection?.open ? connection : undefined
}
