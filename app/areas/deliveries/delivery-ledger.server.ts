// The delivery ledger (issue 15, decision 054): DeliveredRequest (one row per delivered request, at
// its last delivery) and DeliveryLedger (one row per delivered request and product, with its
// delivered quantity and its non-archived invoice lines). The reports read it instead of joining
// every delivery to its items and invoice lines.
//
// Nothing in the app writes these tables. SQLite triggers (migration 20261123200000_delivery_ledger)
// recompute a request's rows from RunnerAssignment, ProductRequest, RequestItem, InvoiceItem and
// Invoice in the same statement as any write to those, so a delivery, an invoice made, archived,
// restored or deleted, an edited line, a cascade or a raw seed all keep it true without a call here.
// This file holds the definition computed from scratch, to prove that (tests) and to check a
// database by hand.
import { sql } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'

type Difference = { table: 'DeliveredRequest' | 'DeliveryLedger'; side: 'missing' | 'extra'; row: Record<string, unknown> }
type Row = Record<string, unknown>

/** Decision 027's delivered requests: each of the organisation's requests a runner delivered, at its last delivery. */
function expectedRequests(orgId: string) {
  return tables
    .selectFrom('ProductRequest as r')
    .innerJoin('RunnerAssignment as a', (join) =>
      join
        .onRef('a.requestId', '=', 'r.id')
        .onRef('a.organisationId', '=', 'r.organisationId')
        .on('a.status', '=', sql.lit('delivered'))
        .on('a.deliveredAt', 'is not', null),
    )
    .select((eb) => ['r.id as requestId', 'r.organisationId', 'r.propertyId', 'r.createdAt', eb.fn.max('a.deliveredAt').as('deliveredAt')])
    .where('r.organisationId', '=', orgId)
    .groupBy('r.id')
}

/** Decision 027's ledger lines: per delivered request and product, its items and its non-archived invoice lines. */
function expectedLines(orgId: string) {
  return tables
    .with('done', () => expectedRequests(orgId))
    .with('lines', (db) =>
      db
        .selectFrom('done')
        .innerJoin('RequestItem as i', 'i.requestId', 'done.requestId')
        .select(['i.requestId', 'i.productId', 'i.productName as name', 'i.quantity', sql.lit<number>(1).as('itemLine'), sql.lit<number>(0).as('invoiceLine'), sql.lit<number>(0).as('cents')])
        .unionAll(
          db
            .selectFrom('done')
            .innerJoin('InvoiceItem as ii', 'ii.requestId', 'done.requestId')
            .innerJoin('Invoice as inv', (join) => join.onRef('inv.id', '=', 'ii.invoiceId').on('inv.isArchived', '=', sql.lit(0)))
            .select((eb) => [
              eb.ref('ii.requestId').$castTo<string>().as('requestId'),
              'ii.productId',
              'ii.description as name',
              sql.lit<number>(0).as('quantity'),
              sql.lit<number>(0).as('itemLine'),
              sql.lit<number>(1).as('invoiceLine'),
              eb.fn.coalesce('ii.totalPriceCents', sql.lit<number>(0)).as('cents'),
            ]),
        ),
    )
    .selectFrom('lines as l')
    .innerJoin('done', 'done.requestId', 'l.requestId')
    .select((eb) => [
      'done.requestId',
      eb.fn.coalesce('l.productId', 'l.name').as('lineKey'),
      'done.organisationId',
      'done.propertyId',
      'done.deliveredAt',
      'l.productId',
      eb.fn.max('l.name').as('name'),
      eb.fn.sum<number>('l.quantity').as('quantity'),
      eb.fn.sum<number>('l.itemLine').as('itemLines'),
      eb.fn.sum<number>('l.invoiceLine').as('invoiceLines'),
      eb.fn.sum<number>('l.cents').as('cents'),
    ])
    .groupBy((eb) => ['done.requestId', eb.fn.coalesce('l.productId', 'l.name')])
}

/**
 * Where the organisation's ledger differs from the ledger computed afresh from the source tables
 * (decision 027's definitions): `missing` rows should be there and are not, `extra` rows should not.
 * Empty when the triggers did their job. Reads only.
 */
export async function deliveryLedgerDrift(orgId: string): Promise<Difference[]> {
  const actualRequests = tables
    .selectFrom('DeliveredRequest')
    .select(['requestId', 'organisationId', 'propertyId', 'createdAt', 'deliveredAt'])
    .where('organisationId', '=', orgId)
  const actualLines = tables
    .selectFrom('DeliveryLedger')
    .select(['requestId', 'lineKey', 'organisationId', 'propertyId', 'deliveredAt', 'productId', 'name', 'quantity', 'itemLines', 'invoiceLines', 'cents'])
    .where('organisationId', '=', orgId)
  // Each side whole (SELECT * of it), so EXCEPT compares the rows column by column.
  const rowsOf = {
    expectedRequests: tables.selectFrom(expectedRequests(orgId).as('e')).selectAll().$castTo<Row>(),
    actualRequests: tables.selectFrom(actualRequests.as('a')).selectAll().$castTo<Row>(),
    expectedLines: tables.selectFrom(expectedLines(orgId).as('e')).selectAll().$castTo<Row>(),
    actualLines: tables.selectFrom(actualLines.as('a')).selectAll().$castTo<Row>(),
  }
  const found = await readNow((db) => ({
    DeliveredRequest: { missing: db.all(rowsOf.expectedRequests.except(rowsOf.actualRequests)), extra: db.all(rowsOf.actualRequests.except(rowsOf.expectedRequests)) },
    DeliveryLedger: { missing: db.all(rowsOf.expectedLines.except(rowsOf.actualLines)), extra: db.all(rowsOf.actualLines.except(rowsOf.expectedLines)) },
  }))
  const differences: Difference[] = []
  for (const table of ['DeliveredRequest', 'DeliveryLedger'] as const) {
    for (const row of found[table].missing) differences.push({ table, side: 'missing', row })
    for (const row of found[table].extra) differences.push({ table, side: 'extra', row })
  }
  return differences
}
