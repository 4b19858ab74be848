// Movements a person records by hand (receive, adjust, damage, return, and a count of one product
// from the API), and the ledger read back. Each is written through the one write path
// (stock-ledger.server.ts) and audited after it commits: every movement not made by a delivery has
// an entry saying who made it (issue 37).
import type { InferResult } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { Invalid } from '~/lib/errors'
import { csvRow } from '~/lib/csv'
import { isoInZone } from '~/lib/format'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { recordMovementIn, type MovementRow } from './stock-ledger.server'
import { requireDepotIn } from './depot.server'
import { productOf } from './depot-stock.server'
import type { MovementInput } from './stock.schema'

export type MovementView = Omit<MovementRow, 'organisationId' | 'createdAt'> & { createdAt: string }

export const viewOf = (row: MovementRow): MovementView => {
  const { organisationId: _, createdAt, ...rest } = row
  return { ...rest, createdAt: createdAt.toISOString() }
}

/** The signed change a manual movement makes; a count's is what was counted less what the ledger says now. */
function changeOf(input: MovementInput, onHandNow: number): number {
  switch (input.reason) {
    case 'receive':
    case 'return':
      return input.quantity
    case 'damage':
      return -input.quantity
    case 'adjust':
      return input.quantity
    case 'count':
      return input.counted - onHandNow
  }
}

/** Records a movement made by a person and answers it with the depot's on hand after it. */
export async function recordMovement(orgId: string, userId: string | null, input: MovementInput): Promise<{ movement: MovementView; onHand: number }> {
  const made = await writeTogether((sql) => {
    requireDepotIn(sql, orgId, input.depotId)
    if (!sql.one(productOf({ orgId, productId: input.productId }))) throw new Invalid('Choose one of your products.', { productId: ['Choose one of your products.'] })
    const now = sql.one(tables.selectFrom('DepotStock').select('onHand').where('depotId', '=', input.depotId).where('productId', '=', input.productId))?.onHand ?? 0
    return recordMovementIn(sql, orgId, { depotId: input.depotId, productId: input.productId, quantity: changeOf(input, now), reason: input.reason, note: input.note ?? null, userId })
  })
  await auditMovement(orgId, made.movement)
  return { movement: viewOf(made.movement), onHand: made.level.onHand }
}

export function auditMovement(orgId: string, movement: MovementRow) {
  return recordAudit({
    orgId,
    action: 'stock.moved',
    target: { type: 'product', id: movement.productId },
    details: { depotId: movement.depotId, reason: movement.reason, quantity: movement.quantity, note: movement.note, countId: movement.countId },
  })
}

export type LedgerLine = {
  id: string
  createdAt: string
  productId: string
  productName: string
  quantity: number
  reason: string
  note: string | null
  who: string | null
  requestId: string | null
  runId: string | null
  purchaseOrderId: string | null
  countId: string | null
}

type LedgerFilter = { depotId: string; productId?: string; limit?: number; cursor?: string }

function ledgerQuery(orgId: string, filter: LedgerFilter) {
  let query = tables
    .selectFrom('StockMovement as m')
    .innerJoin('Product as p', 'p.id', 'm.productId')
    .leftJoin('User as u', 'u.id', 'm.userId')
    .leftJoin('Runner as r', 'r.id', 'm.runnerId')
    .select(['m.id', 'm.createdAt', 'm.productId', 'p.name as productName', 'm.quantity', 'm.reason', 'm.note', 'u.firstName', 'u.lastName', 'u.email', 'r.name as runnerName', 'm.requestId', 'm.runId', 'm.purchaseOrderId', 'm.countId'])
    .where('m.organisationId', '=', orgId)
    .where('m.depotId', '=', filter.depotId)
  if (filter.productId) query = query.where('m.productId', '=', filter.productId)
  return query.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc')
}

type LedgerRow = InferResult<ReturnType<typeof ledgerQuery>>[number]

function lineOf(r: LedgerRow): LedgerLine {
  const person = r.email ? [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email.split('@')[0]! : null
  return {
    id: r.id,
    createdAt: new Date(r.createdAt).toISOString(),
    productId: r.productId,
    productName: r.productName,
    quantity: r.quantity,
    reason: r.reason,
    note: r.note,
    who: person ?? (r.runnerName ? `${r.runnerName} (runner)` : null),
    requestId: r.requestId,
    runId: r.runId,
    purchaseOrderId: r.purchaseOrderId,
    countId: r.countId,
  }
}

/** A page of the depot's ledger, newest first; the cursor is the last line's id. */
export async function listMovements(orgId: string, filter: LedgerFilter): Promise<{ movements: LedgerLine[]; nextCursor: string | null }> {
  const limit = filter.limit ?? 100
  const rows = await readNow((sql) => {
    let query = ledgerQuery(orgId, filter)
    if (filter.cursor) {
      const after = sql.one(tables.selectFrom('StockMovement').select(['createdAt', 'id']).where('id', '=', filter.cursor).where('organisationId', '=', orgId))
      if (!after) throw new Invalid('That page of the ledger is gone; start again.', { cursor: ['Unknown cursor.'] })
      query = query.where((eb) => eb.or([eb('m.createdAt', '<', after.createdAt), eb.and([eb('m.createdAt', '=', after.createdAt), eb('m.id', '<', after.id)])]))
    }
    return sql.all(query.limit(limit + 1))
  })
  const more = rows.length > limit
  const page = rows.slice(0, limit).map(lineOf)
  return { movements: page, nextCursor: more ? page[page.length - 1]!.id : null }
}

export const MOVEMENTS_CSV_HEADER = ['Date', 'Product ID', 'Product', 'Quantity', 'Reason', 'Note', 'By', 'Request ID', 'Run ID', 'Purchase order ID', 'Count ID']

/** The whole ledger of a depot as a spreadsheet, dates on the organisation's clock; read a page at a time. */
export async function* movementsCsv(orgId: string, depotId: string, timeZone: string): AsyncGenerator<string> {
  yield csvRow(MOVEMENTS_CSV_HEADER)
  let cursor: string | undefined
  do {
    const page = await listMovements(orgId, { depotId, limit: 500, cursor })
    for (const m of page.movements) yield csvRow([isoInZone(m.createdAt, timeZone), m.productId, m.productName, m.quantity, m.reason, m.note ?? '', m.who ?? '', m.requestId ?? '', m.runId ?? '', m.purchaseOrderId ?? '', m.countId ?? ''])
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}
