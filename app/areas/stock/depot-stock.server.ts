// What a depot holds, product by product, as its shelves are walked: bin order, then name. Read from
// the kept totals (DepotStock, moved in the same write as each movement), never by summing the
// ledger: the page and GET /api/depots/:id/stock answer in one indexed pass however long the ledger
// grows (decision 128). A product the depot never held is listed at zero.
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { holdsText } from '~/lib/sql-like.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { NotFound } from '~/lib/errors'
import { csvRow } from '~/lib/csv'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { requireDepotIn } from './depot.server'
import { checkReorderPointIn } from './stock-ledger.server'
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
    .orderBy((eb) => eb('s.bin', 'is', null))
    .orderBy('s.bin')
    .orderBy('p.name')
    .orderBy('p.id'),
)

type StockRow = { productId: string; name: string; onHand: number | null; reserved: number | null; reorderPoint: number | null; reorderQuantity: number | null; bin: string | null }

function lineOf(r: StockRow): StockLine {
  const onHand = r.onHand ?? 0
  const reserved = r.reserved ?? 0
  return { productId: r.productId, name: r.name, onHand, reserved, available: onHand - reserved, reorderPoint: r.reorderPoint ?? null, reorderQuantity: r.reorderQuantity ?? null, bin: r.bin ?? null }
}

/** Every product of the organisation at the depot, in bin order. The caller has checked the depot is the organisation's. */
export async function stockAt(orgId: string, depotId: string): Promise<StockLine[]> {
  const rows = await readNow((sql) => sql.all(stockRows({ orgId, depotId })))
  return rows.map(lineOf)
}

export const STOCK_PAGE_SIZE = 100

/**
 * One page of the depot's stock for the page (a screen of rows, not 2,000: rendering every product
 * cost the page ten times its budget), optionally only products whose name or bin holds `q`, the
 * count of all that match, and the one product the page has open.
 */
export async function stockPage(orgId: string, depotId: string, options: { q?: string; offset?: number; productId?: string | null }) {
  const q = options.q?.trim() ?? ''
  const offset = Math.max(0, options.offset ?? 0)
  return readNow((sql) => {
    let base = tables
      .selectFrom('Product as p')
      .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'p.id').on('s.depotId', '=', depotId))
      .where('p.organisationId', '=', orgId)
    if (q) {
      base = base.where((eb) => eb.or([holdsText(eb.ref('p.name'), q), holdsText(eb.ref('s.bin'), q)]))
    }
    const total = sql.one(base.select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0
    const rows = sql.all(
      base
        .select(['p.id as productId', 'p.name', 's.onHand', 's.reserved', 's.reorderPoint', 's.reorderQuantity', 's.bin'])
        .orderBy((eb) => eb('s.bin', 'is', null))
        .orderBy('s.bin')
        .orderBy('p.name')
        .orderBy('p.id')
        .limit(STOCK_PAGE_SIZE)
        .offset(offset),
    )
    const chosen = options.productId
      ? sql.one(
          tables
            .selectFrom('Product as p')
            .leftJoin('DepotStock as s', (join) => join.onRef('s.productId', '=', 'p.id').on('s.depotId', '=', depotId))
            .select(['p.id as productId', 'p.name', 's.onHand', 's.reserved', 's.reorderPoint', 's.reorderQuantity', 's.bin'])
            .where('p.organisationId', '=', orgId)
            .where('p.id', '=', options.productId),
        )
      : undefined
    return { lines: rows.map(lineOf), total, offset, chosen: chosen ? lineOf(chosen) : null }
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
    checkReorderPointIn(sql, orgId, depotId, productId)
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
