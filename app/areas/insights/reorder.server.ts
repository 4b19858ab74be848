// Reorder suggestions (issue 15, decision 025): what a property will likely run out of this week,
// from what was delivered to it over the last 90 days and the par levels a manager set. One query
// for a property or a whole organisation, grouped in SQL, then the formula below per product.
import { sql } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { NotFound } from '~/lib/errors'
import { dbTime } from '~/areas/requests/request.server'

export const HISTORY_DAYS = 90
/** "This week": a product that will be gone within this many days is worth reordering now. */
export const HORIZON_DAYS = 7
/** Without a par level, a reorder aims at two weeks of use. */
export const COVER_DAYS_WITHOUT_PAR = 14
/** Less history than this is stretched to it, so one early delivery does not look like a daily habit. */
export const MIN_OBSERVED_DAYS = 7
const DAY_MS = 86_400_000

export type ReorderReason = 'no_history' | 'runs_out_this_week'

export type StockHistory = {
  parLevel: number | null
  /** Delivered in the last HISTORY_DAYS days. */
  deliveredQuantity: number
  lastDeliveredAt: Date | null
  assignedAt: Date
}

export type ReorderAdvice = { averageDailyUse: number; suggestedQuantity: number; reason: ReorderReason }

/**
 * The formula (decision 025). Daily use = delivered quantity ÷ days observed (90, or since the product
 * was assigned, at least 7). The last delivery is assumed to have filled the shelf to its target (the
 * par level, or two weeks of use); what is left is the target less the use since. If that will not last
 * the week, suggest filling back up to the target. A par level without any delivery suggests the par level.
 */
export function adviseReorder(history: StockHistory, now: Date): ReorderAdvice | null {
  const { parLevel, deliveredQuantity, lastDeliveredAt } = history
  if (parLevel === 0) return null // "keep none here"
  if (deliveredQuantity <= 0 || !lastDeliveredAt) {
    return parLevel ? { averageDailyUse: 0, suggestedQuantity: parLevel, reason: 'no_history' } : null
  }
  const since = Math.max(history.assignedAt.getTime(), now.getTime() - HISTORY_DAYS * DAY_MS)
  const observedDays = Math.min(HISTORY_DAYS, Math.max(MIN_OBSERVED_DAYS, (now.getTime() - since) / DAY_MS))
  const use = deliveredQuantity / observedDays
  const target = parLevel ?? Math.ceil(use * COVER_DAYS_WITHOUT_PAR)
  const daysSince = Math.max(0, (now.getTime() - lastDeliveredAt.getTime()) / DAY_MS)
  const onHand = Math.max(0, target - use * daysSince)
  if (onHand > use * HORIZON_DAYS) return null
  return {
    averageDailyUse: Math.round(use * 100) / 100,
    suggestedQuantity: Math.max(1, Math.ceil(target - onHand)),
    reason: 'runs_out_this_week',
  }
}

export type ReorderSuggestion = {
  propertyId: string
  productId: string
  productName: string
  parLevel: number | null
  averageDailyUse: number
  lastDeliveredAt: string | null
  suggestedQuantity: number
  reason: ReorderReason
}

/** The assigned, active products of active properties, as `pp` with its product `p`. */
function assignedProducts() {
  return tables
    .selectFrom('PropertyProduct as pp')
    .innerJoin('Product as p', (join) => join.onRef('p.id', '=', 'pp.productId').on('p.isActive', '=', sql.lit(1)))
    .innerJoin('Property as pr', (join) => join.onRef('pr.id', '=', 'pp.propertyId').on('pr.isActive', '=', sql.lit(1)))
}

/** Every active product assigned to the organisation's properties (or one property), with its delivered history. */
async function stockHistories(orgId: string, now: Date, propertyId?: string) {
  const since = dbTime(new Date(now.getTime() - HISTORY_DAYS * DAY_MS))
  if (propertyId) return propertyStockHistory(orgId, propertyId, since)
  // Deliveries come from the delivery ledger (decision 054): a request counts once, at its last
  // delivery, with its items of each product already summed; rows with only invoice lines are not deliveries.
  const histories = tables
    .with('used', (db) =>
      db
        .selectFrom('DeliveryLedger as l')
        .select((eb) => ['l.propertyId', 'l.productId', eb.fn.sum<number>('l.quantity').as('delivered'), eb.fn.max('l.deliveredAt').as('lastDeliveredAt')])
        .where('l.organisationId', '=', orgId)
        .where('l.deliveredAt', '>=', since)
        .where('l.productId', 'is not', null)
        .where('l.itemLines', '>', sql.lit(0))
        .groupBy(['l.propertyId', 'l.productId']),
    )
    .selectFrom('PropertyProduct as pp')
    .innerJoin('Product as p', (join) => join.onRef('p.id', '=', 'pp.productId').on('p.isActive', '=', sql.lit(1)))
    .innerJoin('Property as pr', (join) => join.onRef('pr.id', '=', 'pp.propertyId').on('pr.isActive', '=', sql.lit(1)))
    .leftJoin('used as u', (join) => join.onRef('u.propertyId', '=', 'pp.propertyId').onRef('u.productId', '=', 'pp.productId'))
    .select(['pp.propertyId', 'pp.productId', 'p.name as productName', 'pp.parLevel', 'pp.createdAt as assignedAt', 'u.delivered', 'u.lastDeliveredAt'])
    .where('pp.organisationId', '=', orgId)
    .orderBy('p.name')
  return readNow((db) => db.all(histories))
}

/**
 * One property's products, each with its own 90 days: a seek per assigned product into the ledger's
 * (organisation, property, product, delivered) order. Grouping the property's whole ledger instead
 * read every line it ever had, tens of thousands at a campus where every request is at one property
 * (issue 27); this reads only the lines of products it offers, and only within the window.
 */
async function propertyStockHistory(orgId: string, propertyId: string, since: string) {
  const query = assignedProducts()
    .select((eb) => {
      // lineKey is the product id on every line that has one (the ledger's key), which the index orders by.
      const deliveredLines = () =>
        eb
          .selectFrom('DeliveryLedger as l')
          .whereRef('l.organisationId', '=', 'pp.organisationId')
          .whereRef('l.propertyId', '=', 'pp.propertyId')
          .whereRef('l.lineKey', '=', 'pp.productId')
          .where('l.deliveredAt', '>=', since)
          .where('l.productId', 'is not', null)
          .where('l.itemLines', '>', sql.lit(0))
      return [
        'pp.propertyId',
        'pp.productId',
        'p.name as productName',
        'pp.parLevel',
        'pp.createdAt as assignedAt',
        deliveredLines()
          .select((l) => l.fn.sum<number>('l.quantity').as('d'))
          .as('delivered'),
        deliveredLines()
          .select((l) => l.fn.max('l.deliveredAt').as('at'))
          .as('lastDeliveredAt'),
      ]
    })
    .where('pp.organisationId', '=', orgId)
    .where('pp.propertyId', '=', propertyId)
    .orderBy('p.name')
  return readNow((db) => db.all(query))
}

const asDate = (v: string | null) => (v === null ? null : new Date(v))

async function suggestions(orgId: string, now: Date, propertyId?: string): Promise<ReorderSuggestion[]> {
  const out: ReorderSuggestion[] = []
  for (const row of await stockHistories(orgId, now, propertyId)) {
    const parLevel = row.parLevel === null ? null : Number(row.parLevel)
    const lastDeliveredAt = asDate(row.lastDeliveredAt)
    const advice = adviseReorder(
      { parLevel, deliveredQuantity: Number(row.delivered ?? 0), lastDeliveredAt, assignedAt: asDate(row.assignedAt)! },
      now,
    )
    if (!advice) continue
    out.push({
      propertyId: row.propertyId,
      productId: row.productId,
      productName: row.productName,
      parLevel,
      lastDeliveredAt: lastDeliveredAt?.toISOString() ?? null,
      ...advice,
    })
  }
  return out
}

/** GET /api/properties/:id/reorder-suggestions and the property page. */
export async function propertyReorderSuggestions(orgId: string, propertyId: string, now = new Date()) {
  const query = tables.selectFrom('Property').select('id').where('id', '=', propertyId).where('organisationId', '=', orgId)
  const property = await readNow((db) => db.one(query))
  if (!property) throw new NotFound('Property not found')
  return (await suggestions(orgId, now, property.id)).map(({ propertyId: _p, ...s }) => s)
}

export type RunningOut = Array<{ id: string; name: string; products: number }>

/** How long the dashboard may reuse the answer while nothing is written: the formula counts in days. */
export const RUNNING_OUT_REUSE_MS = 60_000
const runningOut = reusedUntilWrite<RunningOut>({ maxAgeMs: RUNNING_OUT_REUSE_MS })

/**
 * The dashboard: which properties will likely run out of something this week, most products first.
 * Without `now` (the dashboard), the answer is reused until any write commits (dataVersion, which
 * replicas see too) or for at most a minute: it reads 90 days of deliveries, and every manager's
 * dashboard asks again on each visit (decision 044).
 */
export function propertiesRunningOut(orgId: string, now?: Date): Promise<RunningOut> {
  if (now) return computeRunningOut(orgId, now)
  return runningOut(orgId, () => computeRunningOut(orgId, new Date()))
}

async function computeRunningOut(orgId: string, now: Date): Promise<RunningOut> {
  const byProperty = new Map<string, number>()
  for (const s of await suggestions(orgId, now)) byProperty.set(s.propertyId, (byProperty.get(s.propertyId) ?? 0) + 1)
  if (byProperty.size === 0) return []
  const query = tables.selectFrom('Property').select(['id', 'name']).where('organisationId', '=', orgId).where('id', 'in', [...byProperty.keys()])
  const properties = await readNow((db) => db.all(query))
  return properties
    .map((p) => ({ id: p.id, name: p.name, products: byProperty.get(p.id) ?? 0 }))
    .sort((a, b) => b.products - a.products || a.name.localeCompare(b.name))
}

/** Sets (or, with null, clears) a property's par level for one of its products. */
export async function setParLevel(orgId: string, propertyId: string, productId: string, parLevel: number | null) {
  const update = tables.updateTable('PropertyProduct').set({ parLevel }).where('organisationId', '=', orgId).where('propertyId', '=', propertyId).where('productId', '=', productId)
  const count = await writeTogether((db) => db.run(update).changes)
  if (count === 0) throw new NotFound('Product is not assigned to this property')
  return { propertyId, productId, parLevel }
}
