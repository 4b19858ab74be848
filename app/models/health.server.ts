import { db } from '~/lib/db.server'

/** True when the database answers a query. */
export async function databaseAnswers() {
  try {
    await db.$queryRawUnsafe('SELECT 1')
    return true
  } catch {
    return false
  }
}
