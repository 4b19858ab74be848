// Reorder suggestions (issue 15, decision 025): what a property will likely run out of this week,
// from what was delivered to it over the last 90 days and the par levels a manager set. One query
// for a property or a whole organisation, grouped in SQL, then the formula below per product.
import { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { NotFound } from '~/lib/errors'
import { dbTime } from './request.server'

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

type HistoryRow = {
  propertyId: string
  productId: string
  productName: string
  parLevel: number | bigint | null
  assignedAt: string | Date
  delivered: number | bigint | null
  lastDeliveredAt: string | Date | null
}

/** Every active product assigned to the organisation's properties (or one property), with its delivered history. */
async function stockHistories(orgId: string, now: Date, propertyId?: string) {
  const since = dbTime(new Date(now.getTime() - HISTORY_DAYS * DAY_MS))
  if (propertyId) return propertyStockHistory(orgId, propertyId, since)
  // Deliveries come from the delivery ledger (decision 054): a request counts once, at its last
  // delivery, with its items of each product already summed; rows with only invoice lines are not deliveries.
  return db.$queryRaw<HistoryRow[]>`
    WITH used AS (
      SELECT l."propertyId", l."productId", SUM(l."quantity") AS "delivered", MAX(l."deliveredAt") AS "lastDeliveredAt"
      FROM "DeliveryLedger" l
      WHERE l."organisationId" = ${orgId} AND l."deliveredAt" >= ${since} AND l."productId" IS NOT NULL AND l."itemLines" > 0
      GROUP BY l."propertyId", l."productId"
    )
    SELECT pp."propertyId", pp."productId", p."name" AS "productName", pp."parLevel", pp."createdAt" AS "assignedAt",
           u."delivered", u."lastDeliveredAt"
    FROM "PropertyProduct" pp
    JOIN "Product" p ON p."id" = pp."productId" AND p."isActive" = 1
    JOIN "Property" pr ON pr."id" = pp."propertyId" AND pr."isActive" = 1
    LEFT JOIN used u ON u."propertyId" = pp."propertyId" AND u."productId" = pp."productId"
    WHERE pp."organisationId" = ${orgId}
    ORDER BY p."name"`
}

/**
 * One property's products, each with its own 90 days: a seek per assigned product into the ledger's
 * (organisation, property, product, delivered) order. Grouping the property's whole ledger instead
 * read every line it ever had, tens of thousands at a campus where every request is at one property
 * (issue 27); this reads only the lines of products it offers, and only within the window.
 */
function propertyStockHistory(orgId: string, propertyId: string, since: string) {
  // lineKey is the product id on every line that has one (the ledger's key), which the index orders by.
  const deliveredLines = Prisma.sql`FROM "DeliveryLedger" l
    WHERE l."organisationId" = pp."organisationId" AND l."propertyId" = pp."propertyId" AND l."lineKey" = pp."productId"
      AND l."deliveredAt" >= ${since} AND l."productId" IS NOT NULL AND l."itemLines" > 0`
  return db.$queryRaw<HistoryRow[]>`
    SELECT pp."propertyId", pp."productId", p."name" AS "productName", pp."parLevel", pp."createdAt" AS "assignedAt",
           (SELECT SUM(l."quantity") ${deliveredLines}) AS "delivered",
           (SELECT MAX(l."deliveredAt") ${deliveredLines}) AS "lastDeliveredAt"
    FROM "PropertyProduct" pp
    JOIN "Product" p ON p."id" = pp."productId" AND p."isActive" = 1
    JOIN "Property" pr ON pr."id" = pp."propertyId" AND pr."isActive" = 1
    WHERE pp."organisationId" = ${orgId} AND pp."propertyId" = ${propertyId}
    ORDER BY p."name"`
}

const asDate = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v))

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
  const property = await db.property.findFirst({ where: { id: propertyId, organisationId: orgId }, select: { id: true } })
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
  const properties = await db.property.findMany({ where: { organisationId: orgId, id: { in: [...byProperty.keys()] } }, select: { id: true, name: true } })
  return properties
    .map((p) => ({ id: p.id, name: p.name, products: byProperty.get(p.id) ?? 0 }))
    .sort((a, b) => b.products - a.products || a.name.localeCompare(b.name))
}

/** Sets (or, with null, clears) a property's par level for one of its products. */
export async function setParLevel(orgId: string, propertyId: string, productId: string, parLevel: number | null) {
  const { count } = await db.propertyProduct.updateMany({ where: { organisationId: orgId, propertyId, productId }, data: { parLevel } })
  if (count === 0) throw new NotFound('Product is not assigned to this property')
  return { propertyId, productId, parLevel }
}
