import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from '@prisma/client'
import { env } from './env.server'

declare global {
  var __stockrunDb: PrismaClient | undefined
}

function connect() {
  // DATABASE_READONLY opens the file as a LiteFS replica sees it (tests simulate a replica with it).
  const adapter = new PrismaBetterSQLite3({ url: env().DATABASE_URL, timeout: 5000, readonly: env().DATABASE_READONLY })
  const client = new PrismaClient({ adapter })
  return client
}

// One client per process, kept across dev rebuilds so connections are not leaked.
export const db: PrismaClient = (globalThis.__stockrunDb ??= connect())

let tuned: Promise<void> | undefined
/**
 * Settings of this connection only, so every machine (a read-only replica too) applies them:
 * the busy timeout queues writers instead of failing; foreign keys are enforced.
 */
export function tuneDatabase() {
  tuned ??= (async () => {
    await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000')
    await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL')
    await db.$queryRawUnsafe('PRAGMA foreign_keys = ON')
  })()
  return tuned
}

/** WAL lets readers carry on while one writer writes. It is written into the file, so only the primary sets it. */
export async function switchToWriteAheadLog() {
  await db.$queryRawUnsafe('PRAGMA journal_mode = WAL')
}
