// What a depot holds, product by product, as its shelves are walked: bin order, then name. Read from
// the kept totals (DepotStock, moved in the same write as each movement), never by summing the
// ledger: the page and GET /api/depots/:id/stock answer in one indexed pass however long the ledger
// grows (decision 128). A product the depot never held is listed at zero.
import { sql as fragment } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { NotFound } from '~/lib/errors'
import { csvRow } from '~/lib/csv'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { requireDepotIn } from './depot.server'
import type { StockSettingsInput } from './stock.schema'

export type StockLine = {
  productId: string
  name: string
  onHand: number
  reserved: number
  available: number
  reorderPoint: number | null
  reorderQuantity: number | null
  bin: string | null
}

// Compiled once (decision 125): the stock page's one statement. Products without a bin come last.
const stockRows = compiledOnce((p: { orgId: string; depotId: string }) =>
  tables
    .selectFrom('Product as p')
    .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'p.id').on('s.depotId', '=', p.depotId))
    .select(['p.id as productId', 'p.name', 's.onHand', 's.reserved', 's.reorderPoint', 's.reorderQuantity', 's.bin'])
    .where('p.organisationId', '=', p.orgId)
    .orderBy(fragment`s.bin IS NULL`)
    .orderBy('s.bin')
    .orderBy('p.name')
    .orderBy('p.id'),
)

/** Every product of the organisation at the depot, in bin order. The caller has checked the depot is the organisation's. */
export async function stockAt(orgId: string, depotId: string): Promise<StockLine[]> {
  const rows = await readNow((sql) => sql.all(stockRows({ orgId, depotId })))
  return rows.map((r) => {
    const onHand = r.onHand ?? 0
    const reserved = r.reserved ?? 0
    return { productId: r.productId, name: r.name, onHand, reserved, available: onHand - reserved, reorderPoint: r.reorderPoint ?? null, reorderQuantity: r.reorderQuantity ?? null, bin: r.bin ?? null }
  })
}

/** The product must be the organisation's (checked inside the caller's read or write). */
export const productOf = compiledOnce((p: { orgId: string; productId: string }) =>
  tables.selectFrom('Product').select(['id', 'name', 'unitCost']).where('id', '=', p.productId).where('organisationId', '=', p.orgId),
)

/**
 * Sets a product's reorder point, reorder quantity and bin at a depot. Only these columns: on hand and
 * reserved move by movements alone. A product the depot never held gets its row at zero.
 */
export async function updateStockSettings(orgId: string, depotId: string, productId: string, input: StockSettingsInput): Promise<StockLine> {
  const line = await writeTogether((sql) => {
    requireDepotIn(sql, orgId, depotId)
    const product = sql.one(productOf({ orgId, productId }))
    if (!product) throw new NotFound('Product not found.')
    const at = new Date()
    const row = sql.one(
      tables
        .insertInto('DepotStock')
        .values({ id: newRowId(), organisationId: orgId, depotId, productId, reorderPoint: input.reorderPoint, reorderQuantity: input.reorderQuantity, bin: input.bin, updatedAt: at })
        .onConflict((oc) =>
          oc.columns(['depotId', 'productId']).doUpdateSet({ reorderPoint: input.reorderPoint, reorderQuantity: input.reorderQuantity, bin: input.bin, updatedAt: at }),
        )
        .returning(['onHand', 'reserved', 'reorderPoint', 'reorderQuantity', 'bin']),
    )!
    return { productId, name: product.name, onHand: row.onHand, reserved: row.reserved, available: row.onHand - row.reserved, reorderPoint: row.reorderPoint, reorderQuantity: row.reorderQuantity, bin: row.bin }
  })
  await recordAudit({ orgId, action: 'stock.settings_changed', target: { type: 'product', id: productId }, details: { depotId, ...input } })
  return line
}

export const STOCK_CSV_HEADER = ['Product ID', 'Product', 'Bin', 'On hand', 'Reserved', 'Available', 'Reorder point', 'Reorder quantity']

/** The depot's stock as a spreadsheet, in the page's order. */
export function* stockCsv(lines: StockLine[]): Generator<string> {
  yield csvRow(STOCK_CSV_HEADER)
  for (const l of lines) yield csvRow([l.productId, l.name, l.bin ?? '', l.onHand, l.reserved, l.available, l.reorderPoint ?? '', l.reorderQuantity ?? ''])
}
