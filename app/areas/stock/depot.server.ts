// The organisation's depots. Every organisation has at least one: the migration made it from the run
// settings' depot address, sign-up makes it with the organisation, and a write that needs one and
// finds none (an organisation from before, restored from a backup) makes it in its own transaction.
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, writeTogether, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { NotFound } from '~/lib/errors'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import type { DepotInput } from './stock.schema'

export const FIRST_DEPOT_NAME = 'Main depot'

// Compiled once (decision 125): asked by every assignment that reserves stock.
const firstDepotOf = compiledOnce((p: { orgId: string }) =>
  tables.selectFrom('Depot').select(['id', 'name']).where('organisationId', '=', p.orgId).orderBy('createdAt').orderBy('id').limit(1),
)

/**
 * The organisation's first depot, or none: a read that never makes one, for loaders (they run on
 * read-only replicas). What a write reserves at when nothing says where is `firstDepotIn`'s.
 */
export function firstDepotReadIn(sql: Sql, orgId: string): { id: string; name: string } | undefined {
  return sql.one(firstDepotOf({ orgId }))
}

/** The depot an assignment without a run (or a run without a depot) reserves at: the organisation's first, made if it has none. */
export function firstDepotIn(sql: Sql, orgId: string): { id: string; name: string } {
  const found = firstDepotReadIn(sql, orgId)
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

export type DepotView = { id: string; name: string; address: string | null; createdAt: string }

/** The organisation's depots, first made first (the first is where unplaced assignments reserve). */
export async function listDepots(orgId: string): Promise<DepotView[]> {
  const rows = await readNow((sql) =>
    sql.all(tables.selectFrom('Depot').select(['id', 'name', 'address', 'createdAt']).where('organisationId', '=', orgId).orderBy('createdAt').orderBy('id')),
  )
  return rows.map(instantOf)
}

/** One of the organisation's depots; another organisation's (or none) is not found. */
export async function depotOf(orgId: string, depotId: string): Promise<DepotView> {
  const depot = await readNow((sql) => sql.one(depotById({ orgId, depotId })))
  if (!depot) throw new NotFound('Depot not found.')
  return instantOf(depot)
}

/** Dates as ISO instants on the wire, as every answer gives them. */
const instantOf = (depot: DepotView): DepotView => ({ ...depot, createdAt: new Date(depot.createdAt).toISOString() })

const depotById = compiledOnce((p: { orgId: string; depotId: string }) =>
  tables.selectFrom('Depot').select(['id', 'name', 'address', 'createdAt']).where('id', '=', p.depotId).where('organisationId', '=', p.orgId),
)

/** The same check inside a write: the depot must be the organisation's. */
export function requireDepotIn(sql: Sql, orgId: string, depotId: string): DepotView {
  const depot = sql.one(depotById({ orgId, depotId }))
  if (!depot) throw new NotFound('Depot not found.')
  return depot
}

export async function createDepot(orgId: string, input: DepotInput): Promise<DepotView> {
  const at = new Date()
  const depot = { id: newRowId(), organisationId: orgId, name: input.name, address: input.address ?? null, createdAt: at, updatedAt: at }
  await writeTogether((sql) => sql.run(tables.insertInto('Depot').values(depot)))
  await recordAudit({ orgId, action: 'depot.created', target: { type: 'depot', id: depot.id }, details: { name: depot.name } })
  return { id: depot.id, name: depot.name, address: depot.address, createdAt: at.toISOString() }
}

/**
 * A depot's name and address, as its owners correct them ("Main depot" from sign-up, a yard that
 * moved): its stock, counts, ledger and runs stay with it, as they refer to it by id.
 */
export async function changeDepot(orgId: string, depotId: string, input: DepotInput): Promise<DepotView> {
  const at = new Date()
  const address = input.address ?? null
  const { before, changed } = await writeTogether((sql) => {
    const depot = requireDepotIn(sql, orgId, depotId)
    // Saved as it was: nothing is written, so the audit log never shows a change that did not happen.
    if (depot.name === input.name && depot.address === address) return { before: depot, changed: false }
    sql.run(tables.updateTable('Depot').set({ name: input.name, address, updatedAt: at }).where('id', '=', depot.id).where('organisationId', '=', orgId))
    return { before: depot, changed: true }
  })
  if (!changed) return instantOf(before)
  // What changed, as the audit log shows it: the name from and to, and the address when it moved.
  const moved = before.address !== address ? { address: address ?? '(none)' } : {}
  await recordAudit({ orgId, action: 'depot.changed', target: { type: 'depot', id: before.id }, details: { from: before.name, to: input.name, ...moved } })
  return instantOf({ ...before, name: input.name, address })
}
