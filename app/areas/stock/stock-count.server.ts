// A count of a depot's shelves at the shelf (issue 37, item 4). A count is of the moment it was
// opened: each line keeps what the ledger said then (expected), and a counted line records a count
// movement of counted − expected (less what an earlier count of the same line already recorded). A
// delivery, pick or receipt made while the count is open is its own movement and still applies:
// on hand ends at counted + what moved since the count was opened (decision 130).
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { Conflict, NotFound } from '~/lib/errors'
import { recordMovementIn } from './stock-ledger.server'
import { requireDepotIn } from './depot.server'
import { auditMovement } from './stock-movement.server'

export type CountLine = { productId: string; name: string; bin: string | null; expected: number; counted: number | null; countedAt: string | null }
export type CountView = { id: string; depotId: string; openedAt: string; closedAt: string | null; lines: CountLine[] }

const openCountRow = (orgId: string, depotId: string) =>
  tables.selectFrom('StockCount').select(['id']).where('organisationId', '=', orgId).where('depotId', '=', depotId).where('closedAt', 'is', null).orderBy('openedAt', 'desc').limit(1)

/** The depot's open count, if one is open. */
export async function openCountOf(orgId: string, depotId: string): Promise<string | null> {
  return (await readNow((sql) => sql.one(openCountRow(orgId, depotId))))?.id ?? null
}

/**
 * Opens a count of every product at the depot, each line expecting what is on hand now; a depot has
 * one open count at a time, so a second press opens none and answers the one already open.
 */
export async function openCount(orgId: string, depotId: string, userId: string | null): Promise<string> {
  return writeTogether((sql) => {
    requireDepotIn(sql, orgId, depotId)
    const open = sql.one(openCountRow(orgId, depotId))
    if (open) return open.id
    const id = newRowId()
    sql.run(tables.insertInto('StockCount').values({ id, organisationId: orgId, depotId, openedById: userId, openedAt: new Date() }))
    sql.run(
      tables
        .insertInto('StockCountLine')
        .columns(['countId', 'productId', 'expected'])
        .expression(
          tables
            .selectFrom('Product as p')
            .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'p.id').on('s.depotId', '=', depotId))
            .select((eb) => [eb.val(id).as('countId'), 'p.id', eb.fn.coalesce('s.onHand', eb.lit(0)).as('expected')])
            .where('p.organisationId', '=', orgId),
        ),
    )
    return id
  })
}

/** A count with its lines in bin order (products without a bin last), as the shelves are walked. */
export async function countView(orgId: string, depotId: string, countId: string): Promise<CountView> {
  return readNow((sql) => {
    const count = sql.one(
      tables.selectFrom('StockCount').select(['id', 'depotId', 'openedAt', 'closedAt']).where('id', '=', countId).where('organisationId', '=', orgId).where('depotId', '=', depotId),
    )
    if (!count) throw new NotFound('Count not found.')
    const lines = sql.all(
      tables
        .selectFrom('StockCountLine as l')
        .innerJoin('Product as p', 'p.id', 'l.productId')
        .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'l.productId').on('s.depotId', '=', depotId))
        .select(['l.productId', 'p.name', 's.bin', 'l.expected', 'l.counted', 'l.countedAt'])
        .where('l.countId', '=', countId)
        .orderBy((eb) => eb('s.bin', 'is', null))
        .orderBy('s.bin')
        .orderBy('p.name'),
    )
    return { ...count, lines: lines.map((l) => ({ ...l, bin: l.bin ?? null })) }
  })
}

/**
 * Records what was counted of one product. The movement is counted − expected for a first count of
 * the line, counted − the last count for a recount, so a line counted twice moves on hand once.
 */
export async function recordCountLine(orgId: string, userId: string | null, count: { depotId: string; countId: string; productId: string; counted: number }) {
  const made = await writeTogether((sql) => {
    const open = sql.one(
      tables.selectFrom('StockCount').select(['id', 'closedAt']).where('id', '=', count.countId).where('organisationId', '=', orgId).where('depotId', '=', count.depotId),
    )
    if (!open) throw new NotFound('Count not found.')
    if (open.closedAt) throw new Conflict('This count is closed; open a new one.')
    const line = sql.one(tables.selectFrom('StockCountLine').select(['expected', 'counted']).where('countId', '=', count.countId).where('productId', '=', count.productId))
    if (!line) throw new NotFound('That product is not in this count.')
    const at = new Date()
    sql.run(
      tables
        .updateTable('StockCountLine')
        .set({ counted: count.counted, countedAt: at, countedById: userId })
        .where('countId', '=', count.countId)
        .where('productId', '=', count.productId),
    )
    return recordMovementIn(sql, orgId, {
      depotId: count.depotId,
      productId: count.productId,
      quantity: count.counted - (line.counted ?? line.expected),
      reason: 'count',
      userId,
      countId: count.countId,
    })
  })
  await auditMovement(orgId, made.movement)
  return { movement: made.movement, onHand: made.level.onHand }
}

/** Closes a count; lines not counted leave their products as they were. */
export async function closeCount(orgId: string, depotId: string, countId: string) {
  await writeTogether((sql) => {
    const changed = sql.run(
      tables.updateTable('StockCount').set({ closedAt: new Date() }).where('id', '=', countId).where('organisationId', '=', orgId).where('depotId', '=', depotId).where('closedAt', 'is', null),
    )
    if (changed.changes === 0) throw new NotFound('No open count to close.')
  })
}
