// The organisation's depots. Every organisation has at least one: the migration made it from the run
// settings' depot address, sign-up makes it with the organisation, and a write that needs one and
// finds none (an organisation from before, restored from a backup) makes it in its own transaction.
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import type { Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'

export const FIRST_DEPOT_NAME = 'Main depot'

// Compiled once (decision 125): asked by every assignment that reserves stock.
const firstDepotOf = compiledOnce((p: { orgId: string }) =>
  tables.selectFrom('Depot').select(['id', 'name']).where('organisationId', '=', p.orgId).orderBy('createdAt').orderBy('id').limit(1),
)

/** The depot an assignment without a run (or a run without a depot) reserves at: the organisation's first, made if it has none. */
export function firstDepotIn(sql: Sql, orgId: string): { id: string; name: string } {
  const found = sql.one(firstDepotOf({ orgId }))
  if (found) return found
  const settings = sql.one(tables.selectFrom('OrganisationSettings').select(['depotAddress', 'depotLatitude', 'depotLongitude']).where('organisationId', '=', orgId))
  const at = new Date()
  const depot = {
    id: newRowId(),
    organisationId: orgId,
    name: FIRST_DEPOT_NAME,
    address: settings?.depotAddress ?? null,
    latitude: settings?.depotLatitude ?? null,
    longitude: settings?.depotLongitude ?? null,
    createdAt: at,
    updatedAt: at,
  }
  sql.run(tables.insertInto('Depot').values(depot))
  return { id: depot.id, name: depot.name }
}
