// The organisation's depots as purchasing reads them: a purchase order and its suggestions belong to
// one. Depots are made and changed in the stock area; this is only the read purchasing needs.
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { NotFound } from '~/lib/errors'

export type DepotChoice = { id: string; name: string; address: string | null }

export async function listDepots(orgId: string): Promise<DepotChoice[]> {
  return readNow((sql) =>
    sql.all(tables.selectFrom('Depot').select(['id', 'name', 'address']).where('organisationId', '=', orgId).orderBy('createdAt').orderBy('id')),
  )
}

/** Another organisation's depot is as missing as one that never was. */
export async function findDepot(orgId: string, id: string): Promise<DepotChoice> {
  const depot = await readNow((sql) =>
    sql.one(tables.selectFrom('Depot').select(['id', 'name', 'address']).where('organisationId', '=', orgId).where('id', '=', id)),
  )
  if (!depot) throw new NotFound('Depot not found')
  return depot
}
