// The stock reports (issue 37, item 8): what each depot's shelves are worth, and how many days each
// product will last at the pace of the last 30 days' deliveries. Reports sum the ledger (a month of
// it), unlike the stock page, which reads the kept totals; they are opened now and then, not walked.
import type { Expression } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow, sqlDate } from '~/lib/sql.server'

export type DepotValue = { depotId: string; name: string; units: number; value: number; unpriced: number }

/** Per depot: units on hand, their value at each product's unit cost, and how many products held have no unit cost. */
export async function stockValueByDepot(orgId: string): Promise<DepotValue[]> {
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('Depot as d')
        .leftJoin('DepotStock as s', 's.depotId', 'd.id')
        .leftJoin('Product as p', 'p.id', 's.productId')
        .select((eb) => {
          // Only what is on the shelf counts: a product below zero is worth nothing, not less.
          const held = eb('s.onHand', '>', eb.lit(0))
          const totalOf = (each: Expression<number | null>) => eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(held).then(each).else(eb.lit(0)).end()), eb.lit(0))
          return [
            'd.id as depotId',
            'd.name',
            totalOf(eb.ref('s.onHand')).as('units'),
            totalOf(eb('s.onHand', '*', eb.fn.coalesce('p.unitCost', eb.lit(0)))).as('value'),
            eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(eb.and([held, eb('p.unitCost', 'is', null)])).then(eb.lit(1)).else(eb.lit(0)).end()), eb.lit(0)).as('unpriced'),
          ]
        })
        .where('d.organisationId', '=', orgId)
        .groupBy(['d.id', 'd.name'])
        .orderBy('d.createdAt')
        .orderBy('d.id'),
    ),
  )
  return rows.map((r) => ({ ...r, value: Math.round(r.value * 100) / 100 }))
}

export const COVER_WINDOW_DAYS = 30

export type Cover = { productId: string; name: string; onHand: number; delivered: number; perDay: number; days: number | null }

/**
 * Days of cover per product at a depot: on hand ÷ (what left it for deliveries in the last 30 days
 * ÷ 30). Loaded into a van (pick) counts as delivered; what came back from a cancelled delivery is
 * taken off again. A product nothing left has no figure (it lasts as long as it is not asked for).
 * Fewest days first.
 */
export async function daysOfCover(orgId: string, depotId: string, now = new Date()): Promise<{ since: string; lines: Cover[] }> {
  const since = new Date(now.getTime() - COVER_WINDOW_DAYS * 86_400_000)
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('Product as p')
        .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'p.id').on('s.depotId', '=', depotId))
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('StockMovement as m')
              .select((s) => ['m.productId', s.neg(s.fn.sum<number>('m.quantity')).as('out')])
              .where('m.depotId', '=', depotId)
              .where('m.createdAt', '>=', sqlDate(since))
              .where((w) => w.or([w('m.reason', 'in', ['deliver', 'pick']), w.and([w('m.reason', '=', 'return'), w('m.assignmentId', 'is not', null)])]))
              .groupBy('m.productId')
              .as('used'),
          (join) => join.onRef('used.productId', '=', 'p.id'),
        )
        .select(['p.id as productId', 'p.name', 's.onHand', 'used.out'])
        .where('p.organisationId', '=', orgId)
        .where((w) => w.or([w('s.onHand', '!=', 0), w('used.out', 'is not', null)])),
    ),
  )
  const lines = rows.map((r) => {
    const onHand = r.onHand ?? 0
    const delivered = Math.max(0, r.out ?? 0)
    const perDay = delivered / COVER_WINDOW_DAYS
    return { productId: r.productId, name: r.name, onHand, delivered, perDay: Math.round(perDay * 100) / 100, days: perDay > 0 ? Math.max(0, Math.floor(onHand / perDay)) : null }
  })
  lines.sort((a, b) => (a.days ?? Infinity) - (b.days ?? Infinity) || a.name.localeCompare(b.name))
  return { since: since.toISOString(), lines }
}
