// Plain SQL for the few writes that happen many times a second (decision 063): a vendor building's
// submissions and a manager assigning down the queue. Through the ORM each statement costs about a
// millisecond of CPU (query compiler, client, a fresh prepare); a prepared statement kept here costs
// a few microseconds. Runs on the ORM's own connection, so it never waits on a lock this process
// holds, and its transactions are synchronous: nothing else in the process runs in the middle.
import type { Statement } from 'better-sqlite3'
import type { Compilable, InferResult } from 'kysely'
import { ormConnection } from './db.server'

type Connection = Awaited<ReturnType<typeof ormConnection>>

const prepared = new WeakMap<Connection, Map<string, Statement>>()

/** The same SQL is prepared once per connection. */
function statementOn(connection: Connection, sql: string): Statement {
  let kept = prepared.get(connection)
  if (!kept) prepared.set(connection, (kept = new Map()))
  let statement = kept.get(sql)
  if (!statement) {
    statement = connection.prepare(sql)
    // The adapter reads every integer as a BigInt; our counts, flags and sequences fit a number.
    if (statement.reader) statement.safeIntegers(false)
    kept.set(sql, statement)
  }
  return statement
}

/**
 * What a transaction's work gets: run a write, read one row, read all rows. Each takes a statement
 * built with the typed builder (`tables` in sql-builder.server.ts), whose result type comes from the
 * schema; dates go in as the ORM stores them and booleans as 0/1. There is no text form: a statement
 * the compiler cannot read does not run here (issue 35, decision 120).
 */
export type Sql = {
  run: (query: Compilable) => { changes: number }
  one: <Q extends Compilable>(query: Q) => InferResult<Q>[number] | undefined
  all: <Q extends Compilable>(query: Q) => InferResult<Q>
}

declare global {
  /** Set by tests that pin the statements a screen sends (tests/support/query-count.ts). */
  var __stockrunStatementWatcher: ((sql: string, params: unknown[]) => void) | undefined
}

function sqlOn(connection: Connection): Sql {
  const kept = (query: Compilable) => {
    const compiled = query.compile()
    const params = compiled.parameters.map(storedValue)
    globalThis.__stockrunStatementWatcher?.(compiled.sql, params)
    return { statement: statementOn(connection, compiled.sql), params }
  }
  return {
    run: (query) => {
      const { statement, params } = kept(query)
      return statement.run(...params)
    },
    one: (query) => {
      const { statement, params } = kept(query)
      return statement.get(...params) as never
    },
    all: (query) => {
      const { statement, params } = kept(query)
      return statement.all(...params) as never
    },
  }
}

/** How long a write waits for an ORM transaction of this process to finish before giving up. */
const WAIT_FOR_ORM_MS = 5_000

/**
 * Runs `work` in one write transaction (BEGIN IMMEDIATE), all or nothing. `work` is synchronous by
 * type: the transaction cannot be left open across an await. An ORM transaction of this process
 * that is under way (it awaits between its statements, on this same connection) is let finish first.
 */
export async function writeTogether<T>(work: (sql: Sql) => T): Promise<T> {
  const connection = await idleConnection()
  return connection.transaction(() => work(sqlOn(connection))).immediate()
}

/** Reads what is committed (never the inside of an ORM transaction under way), with the same kept statements. */
export async function readNow<T>(work: (sql: Sql) => T): Promise<T> {
  return work(sqlOn(await idleConnection()))
}

function storedValue(value: unknown) {
  if (value instanceof Date) return sqlDate(value)
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/**
 * The same kept statements, as part of whatever the ORM's connection is doing now: inside an ORM
 * transaction (`tx`) they are part of it, since the ORM runs its transactions on this connection.
 * Lets one plain-SQL rule serve both ORM transactions and writeTogether's.
 */
export async function sqlWithin(_tx: unknown): Promise<Sql> {
  return sqlOn(await ormConnection())
}

async function idleConnection() {
  const connection = await ormConnection()
  const until = Date.now() + WAIT_FOR_ORM_MS
  while (connection.inTransaction) {
    if (Date.now() > until) throw new Error('The database stayed busy; try again.')
    await new Promise((resolve) => setImmediate(resolve))
  }
  return connection
}

// A group of submissions stamps every row it writes with one date: the last one written is kept.
let lastDate = { time: NaN, text: '' }

/** A date as the ORM stores it in SQLite, so both kinds of rows sort and compare alike. */
export function sqlDate(date: Date) {
  const time = date.getTime()
  if (time !== lastDate.time) lastDate = { time, text: date.toISOString().replace('Z', '+00:00') }
  return lastDate.text
}

/** A date column as read back (text as the ORM stores it, or null), as a Date or null. */
export function storedDateOrNull(text: string | null) {
  return text === null ? null : new Date(text)
}
