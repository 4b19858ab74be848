// Demand meets the depot's shelf (issue 37, decision 134): an assignment holds its request's items at
// its run's depot (else the organisation's first) from the moment it is given to a runner; delivering
// it turns the hold into a deliver movement, cancelling it releases the hold. Every write goes through
// the ledger (stock/stock-ledger.server.ts) inside the caller's transaction; this file only says which
// depot, which assignment and which lines, and reads the shortages Dispatch shows before assigning.
import { sql as fragment } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, type Sql } from '~/lib/sql.server'
import { deliverReservedIn, releaseReservedIn, reserveIn, type Shortage } from '~/areas/stock/stock-ledger.server'
import { firstDepotIn, firstDepotReadIn } from '~/areas/stock/depot.server'
import { Invalid } from '~/lib/errors'

/** A shortage as Dispatch names it: the ledger's three fields, and the product's name. */
export type NamedShortage = Shortage & { name: string }

type Line = { productId: string | null; productName?: string; quantity: number }

/**
 * Holds one assignment's lines at its depot and names what the shelf could not cover. The lines are
 * the ones the caller read already (the request as assigned), so nothing is read again.
 */
export function holdForAssignmentIn(sql: Sql, orgId: string, hold: { depotId: string; assignmentId: string; requestId: string; items: Line[] }): NamedShortage[] {
  const shortages = reserveIn(sql, orgId, hold)
  return shortages.length ? named(shortages, hold.items) : []
}

/** The depot an assignment given alone reserves at. */
export function assignmentDepotIn(sql: Sql, orgId: string) {
  return firstDepotIn(sql, orgId).id
}

const depotOfOrganisation = compiledOnce((p: { orgId: string; depotId: string }) =>
  tables.selectFrom('Depot').select('id').where('id', '=', p.depotId).where('organisationId', '=', p.orgId),
)

/** The depot a new run loads from: the one the manager chose (one of the organisation's), else the first. */
export function runDepotIn(sql: Sql, orgId: string, chosen: string | undefined) {
  if (!chosen) return firstDepotIn(sql, orgId).id
  const depot = sql.one(depotOfOrganisation({ orgId, depotId: chosen }))
  if (!depot) throw new Invalid('Choose one of your depots.', { depotId: ['Choose one of your depots.'] })
  return depot.id
}

// Compiled once (decision 125), the ids as one JSON parameter: every run made reads its orders' lines.
const itemsOfRequests = compiledOnce((p: { idsJson: string }) =>
  tables
    .selectFrom(fragment<{ value: string }>`json_each(${p.idsJson})`.as('ids'))
    .innerJoin('RequestItem as i', 'i.requestId', 'ids.value')
    .select(['i.requestId', 'i.productId', 'i.productName', 'i.quantity']),
)

/**
 * Holds every order of a new run at its depot. A run's shortage is per product over the whole run:
 * needed is what all its orders take, available what the shelf had free before the run.
 */
export function holdForRunIn(sql: Sql, orgId: string, run: { depotId: string; orders: Array<{ assignmentId: string; requestId: string }> }): NamedShortage[] {
  const lines = sql.all(itemsOfRequests({ idsJson: JSON.stringify(run.orders.map((o) => o.requestId)) }))
  const byRequest = new Map<string, Line[]>()
  for (const line of lines) {
    const list = byRequest.get(line.requestId) ?? []
    list.push({ productId: line.productId, productName: line.productName, quantity: Number(line.quantity) })
    byRequest.set(line.requestId, list)
  }
  const heldSoFar = new Map<string, number>()
  const short = new Map<string, Shortage>()
  for (const order of run.orders) {
    const items = byRequest.get(order.requestId) ?? []
    for (const s of reserveIn(sql, orgId, { depotId: run.depotId, assignmentId: order.assignmentId, requestId: order.requestId, items })) {
      // What this run's earlier orders took was free before the run began.
      if (!short.has(s.productId)) short.set(s.productId, { productId: s.productId, needed: 0, available: s.available + (heldSoFar.get(s.productId) ?? 0) })
    }
    for (const item of items) if (item.productId && item.quantity > 0) heldSoFar.set(item.productId, (heldSoFar.get(item.productId) ?? 0) + item.quantity)
  }
  if (short.size === 0) return []
  const all = [...byRequest.values()].flat()
  return named(
    [...short.values()].map((s) => ({ ...s, needed: heldSoFar.get(s.productId) ?? s.needed })),
    all,
  )
}

function named(shortages: Shortage[], items: Line[]): NamedShortage[] {
  const names = new Map(items.flatMap((i) => (i.productId ? [[i.productId, i.productName ?? ''] as const] : [])))
  return shortages.map((s) => ({ productId: s.productId, needed: s.needed, available: s.available, name: names.get(s.productId) ?? '' }))
}

// Compiled once (decision 125): every delivery and cancellation asks which run it was part of.
const runOfAssignment = compiledOnce((p: { assignmentId: string }) => tables.selectFrom('RunStop').select('runId').where('assignmentId', '=', p.assignmentId))

/**
 * An assignment was delivered or cancelled (inside the status change's transaction): its hold leaves
 * the shelf as delivered, or goes back to being free.
 */
export function settleHoldIn(sql: Sql, orgId: string, assignment: { id: string; runnerId: string }, outcome: 'delivered' | 'cancelled') {
  const runId = sql.one(runOfAssignment({ assignmentId: assignment.id }))?.runId ?? null
  if (outcome === 'delivered') deliverReservedIn(sql, orgId, { assignmentId: assignment.id, runnerId: assignment.runnerId, runId })
  else releaseReservedIn(sql, orgId, { assignmentId: assignment.id, runId })
}

// ---- The preview Dispatch shows before a write (read only: a loader never writes) ----

/**
 * What assigning these pending requests would find short at the depot a run would load from (the one
 * chosen, else the organisation's first, where a lone assignment reserves): per product, what they
 * need together against what is free now.
 */
export async function shortagesIfAssigned(orgId: string, requestIds: string[], chosenDepotId?: string | null): Promise<NamedShortage[]> {
  if (requestIds.length === 0) return []
  return readNow((sql) => {
    const chosen = chosenDepotId ? sql.one(depotOfOrganisation({ orgId, depotId: chosenDepotId }))?.id : undefined
    const depotId = chosen ?? firstDepotReadIn(sql, orgId)?.id ?? ''
    const rows = sql.all(
      tables
        .selectFrom('RequestItem as i')
        .innerJoin('ProductRequest as r', 'r.id', 'i.requestId')
        .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'i.productId').on('s.depotId', '=', depotId))
        .select((eb) => [
          'i.productId',
          eb.fn.max('i.productName').as('name'),
          eb.fn.sum<number>('i.quantity').as('needed'),
          eb.fn.coalesce(eb.fn.max(eb('s.onHand', '-', eb.ref('s.reserved'))), eb.lit(0)).as('available'),
        ])
        .where('r.organisationId', '=', orgId)
        .where('i.requestId', 'in', listed(requestIds))
        .where('i.productId', 'is not', null)
        .groupBy('i.productId')
        .orderBy('name'),
    )
    return rows
      .map((r) => ({ productId: r.productId!, needed: Number(r.needed), available: Math.max(0, Number(r.available)), name: r.name }))
      .filter((r) => r.needed > r.available)
  })
}

/** "Soap: 5 needed, 2 free" for a toast or a note, each shortage once. */
export function shortageWords(shortages: NamedShortage[]) {
  return shortages.map((s) => `${s.name || s.productId}: ${s.needed} needed, ${s.available} free`).join('; ')
}
