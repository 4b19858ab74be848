import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'

/** True when the database answers a query. */
export async function databaseAnswers() {
  try {
    await readNow((sql) => sql.one(tables.selectNoFrom((eb) => eb.lit(1).as('one'))))
    return true
  } catch {
    return false
  }
}
