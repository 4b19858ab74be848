// A list of ids as one parameter: `.where('id', 'in', listed(ids))` is the same statement (and the
// same kept prepared statement) for any number of ids, where `in (?, ?, …)` would be a new one for
// each length. json_each reads the JSON list as rows; the builder has no word for such a table.
import { sql as fragment } from 'kysely'
import { tables } from './sql-builder.server'

/** The ids as a subquery of one JSON parameter, for `in`. */
export function listed(ids: readonly string[]) {
  return tables.selectFrom(listedAs(ids, 'listed')).select('listed.value')
}

/** The same list as a table of one column, `value`, to join from (its rows in the list's order). */
export function listedAs<A extends string>(ids: readonly string[], alias: A) {
  return fragment<{ value: string }>`json_each(${JSON.stringify(ids)})`.as(alias)
}
