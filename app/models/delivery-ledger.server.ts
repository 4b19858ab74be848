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
import { db } from '~/lib/db.server'

type Difference = { table: 'DeliveredRequest' | 'DeliveryLedger'; side: 'missing' | 'extra'; row: Record<string, unknown> }

/**
 * Where the organisation's ledger differs from the ledger computed afresh from the source tables
 * (decision 027's definitions): `missing` rows should be there and are not, `extra` rows should not.
 * Empty when the triggers did their job. Reads only.
 */
export async function deliveryLedgerDrift(orgId: string): Promise<Difference[]> {
  const expectedRequests = `
    SELECT r."id" AS "requestId", r."organisationId", r."propertyId", r."createdAt", MAX(a."deliveredAt") AS "deliveredAt"
    FROM "ProductRequest" r
    JOIN "RunnerAssignment" a ON a."requestId" = r."id" AND a."organisationId" = r."organisationId"
      AND a."status" = 'delivered' AND a."deliveredAt" IS NOT NULL
    WHERE r."organisationId" = ?
    GROUP BY r."id"`
  const actualRequests = `
    SELECT "requestId", "organisationId", "propertyId", "createdAt", "deliveredAt" FROM "DeliveredRequest" WHERE "organisationId" = ?`
  const expectedLines = `
    WITH done AS (${expectedRequests}),
    lines AS (
      SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
      FROM done JOIN "RequestItem" i ON i."requestId" = done."requestId"
      UNION ALL
      SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
      FROM done JOIN "InvoiceItem" ii ON ii."requestId" = done."requestId"
      JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
    )
    SELECT done."requestId", COALESCE(l."productId", l."name") AS "lineKey", done."organisationId", done."propertyId", done."deliveredAt",
           l."productId", MAX(l."name") AS "name", SUM(l."quantity") AS "quantity", SUM(l."itemLine") AS "itemLines",
           SUM(l."invoiceLine") AS "invoiceLines", SUM(l."cents") AS "cents"
    FROM lines l JOIN done ON done."requestId" = l."requestId"
    GROUP BY done."requestId", COALESCE(l."productId", l."name")`
  const actualLines = `
    SELECT "requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents"
    FROM "DeliveryLedger" WHERE "organisationId" = ?`
  const differences: Difference[] = []
  const compare = async (table: Difference['table'], expected: string, actual: string) => {
    const run = (sql: string) => db.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...Array<string>(sql.split('?').length - 1).fill(orgId))
    const missing = await run(`SELECT * FROM (${expected}) EXCEPT SELECT * FROM (${actual})`)
    const extra = await run(`SELECT * FROM (${actual}) EXCEPT SELECT * FROM (${expected})`)
    for (const row of missing) differences.push({ table, side: 'missing', row })
    for (const row of extra) differences.push({ table, side: 'extra', row })
  }
  await compare('DeliveredRequest', expectedRequests, actualRequests)
  await compare('DeliveryLedger', expectedLines, actualLines)
  return differences
}
