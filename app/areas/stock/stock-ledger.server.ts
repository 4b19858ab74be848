// What a depot holds, changed only by movements (issue 37, decision 128). Each function here runs
// inside the caller's write transaction (`writeTogether`), so a movement, the depot's running total
// and the stock.low webhook are written together or not at all. SQLite has one writer at a time and
// the total is bumped in place (onHand = onHand + quantity), so concurrent deliveries never lose an
// update: on hand stays the sum of the movements.
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import type { Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { webhookDeliveriesIn } from '~/areas/integrations/webhook.server'

export const MOVEMENT_REASONS = ['receive', 'pick', 'deliver', 'return', 'adjust', 'count', 'damage'] as const
export type MovementReason = (typeof MOVEMENT_REASONS)[number]

/** A change to what a depot holds: quantity is signed (+ into the depot, − out of it). */
export type Movement = {
  depotId: string
  productId: string
  quantity: number
  reason: MovementReason
  note?: string | null
  userId?: string | null
  runnerId?: string | null
  requestId?: string | null
  assignmentId?: string | null
  runId?: string | null
  purchaseOrderId?: string | null
  countId?: string | null
}

export type MovementRow = Required<Movement> & { id: string; organisationId: string; createdAt: Date }

/** What the depot's row says after a change; available = onHand − reserved. */
export type StockLevel = { onHand: number; reserved: number; available: number; reorderPoint: number | null }

// Compiled once (decision 125): every delivery of every order passes here.
const bumpStock = compiledOnce((p: { id: string; orgId: string; depotId: string; productId: string; onHand: number; reserved: number; at: Date }) =>
  tables
    .insertInto('DepotStock')
    .values({ id: p.id, organisationId: p.orgId, depotId: p.depotId, productId: p.productId, onHand: p.onHand, reserved: p.reserved, updatedAt: p.at })
    .onConflict((oc) =>
      oc.columns(['depotId', 'productId']).doUpdateSet((eb) => ({
        onHand: eb('DepotStock.onHand', '+', eb.ref('excluded.onHand')),
        reserved: eb('DepotStock.reserved', '+', eb.ref('excluded.reserved')),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .returning(['onHand', 'reserved', 'reorderPoint', 'lowSince']),
)

const insertMovementRow = compiledOnce((p: MovementRow) =>
  tables.insertInto('StockMovement').values({
    id: p.id,
    organisationId: p.organisationId,
    depotId: p.depotId,
    productId: p.productId,
    quantity: p.quantity,
    reason: p.reason,
    note: p.note,
    userId: p.userId,
    runnerId: p.runnerId,
    requestId: p.requestId,
    assignmentId: p.assignmentId,
    runId: p.runId,
    purchaseOrderId: p.purchaseOrderId,
    countId: p.countId,
    createdAt: p.createdAt,
  }),
)

/**
 * Adds `onHand` and `reserved` to the product's row at the depot (made at zero if it had none) and
 * tells integrations once when available stock falls to the reorder point, and notes when it rises
 * above it again so the next fall is told too.
 */
function changeStockIn(sql: Sql, orgId: string, depotId: string, productId: string, onHand: number, reserved: number): StockLevel {
  const at = new Date()
  const row = sql.one(bumpStock({ id: newRowId(), orgId, depotId, productId, onHand, reserved, at }))!
  const level = { onHand: row.onHand, reserved: row.reserved, available: row.onHand - row.reserved, reorderPoint: row.reorderPoint }
  if (level.reorderPoint === null) return level
  const low = level.available <= level.reorderPoint
  if (low && !row.lowSince) {
    sql.run(tables.updateTable('DepotStock').set({ lowSince: at }).where('depotId', '=', depotId).where('productId', '=', productId))
    webhookDeliveriesIn(sql, orgId, 'stock.low', [{ depotId, productId, onHand: level.onHand, reserved: level.reserved, available: level.available, reorderPoint: level.reorderPoint }])
  } else if (!low && row.lowSince) {
    sql.run(tables.updateTable('DepotStock').set({ lowSince: null }).where('depotId', '=', depotId).where('productId', '=', productId))
  }
  return level
}

/**
 * A product's reorder point changed at a depot: stock.low goes now if available is already at or below
 * the new point (once, as for a movement), and a point lowered below it readies the next crossing.
 */
export function checkReorderPointIn(sql: Sql, orgId: string, depotId: string, productId: string): StockLevel {
  return changeStockIn(sql, orgId, depotId, productId, 0, 0)
}

/** Records one movement and moves the depot's on hand by it. The caller has checked the depot and product are the organisation's. */
export function recordMovementIn(sql: Sql, orgId: string, move: Movement): { movement: MovementRow; level: StockLevel } {
  return moveIn(sql, orgId, move, 0)
}

/** The one place a movement row is written: with it, on hand moves by its quantity and reserved by `reservedChange`. */
function moveIn(sql: Sql, orgId: string, move: Movement, reservedChange: number): { movement: MovementRow; level: StockLevel } {
  const movement: MovementRow = {
    id: newRowId(),
    organisationId: orgId,
    depotId: move.depotId,
    productId: move.productId,
    quantity: move.quantity,
    reason: move.reason,
    note: move.note ?? null,
    userId: move.userId ?? null,
    runnerId: move.runnerId ?? null,
    requestId: move.requestId ?? null,
    assignmentId: move.assignmentId ?? null,
    runId: move.runId ?? null,
    purchaseOrderId: move.purchaseOrderId ?? null,
    countId: move.countId ?? null,
    createdAt: new Date(),
  }
  sql.run(insertMovementRow(movement))
  const level = changeStockIn(sql, orgId, move.depotId, move.productId, move.quantity, reservedChange)
  return { movement, level }
}

/** Where available stock could not cover what an assignment or run reserved. */
export type Shortage = { productId: string; needed: number; available: number }

// The reservation's unique key (assignment, product) makes a second reserve of the same order a no-op.
const insertReservation = compiledOnce(
  (p: { id: string; orgId: string; depotId: string; productId: string; assignmentId: string; requestId: string; quantity: number; at: Date }) =>
    tables
      .insertInto('StockReservation')
      .values({ id: p.id, organisationId: p.orgId, depotId: p.depotId, productId: p.productId, assignmentId: p.assignmentId, requestId: p.requestId, quantity: p.quantity, createdAt: p.at })
      .onConflict((oc) => oc.columns(['assignmentId', 'productId']).doNothing()),
)

/**
 * Holds an assignment's items at a depot until it is delivered or cancelled. Allowed whatever the
 * shelf holds; what it could not cover comes back as shortages (needed against what was available
 * before this reservation). Lines of one product are reserved together.
 */
export function reserveIn(
  sql: Sql,
  orgId: string,
  order: { depotId: string; assignmentId: string; requestId: string; items: Array<{ productId: string | null; quantity: number }> },
): Shortage[] {
  const needs = new Map<string, number>()
  for (const item of order.items) if (item.productId && item.quantity > 0) needs.set(item.productId, (needs.get(item.productId) ?? 0) + item.quantity)
  const shortages: Shortage[] = []
  const at = new Date()
  for (const [productId, needed] of needs) {
    const made = sql.run(insertReservation({ id: newRowId(), orgId, depotId: order.depotId, productId, assignmentId: order.assignmentId, requestId: order.requestId, quantity: needed, at }))
    if (made.changes === 0) continue
    const level = changeStockIn(sql, orgId, order.depotId, productId, 0, needed)
    const before = level.available + needed
    if (before < needed) shortages.push({ productId, needed, available: Math.max(0, before) })
  }
  return shortages
}

const openReservationsOf = compiledOnce((p: { assignmentId: string }) =>
  tables
    .selectFrom('StockReservation')
    .select(['id', 'depotId', 'productId', 'requestId', 'quantity', 'picked'])
    .where('assignmentId', '=', p.assignmentId)
    .where('closedAt', 'is', null),
)

const closeReservation = compiledOnce((p: { id: string; closedAs: string; at: Date }) =>
  tables.updateTable('StockReservation').set({ closedAt: p.at, closedAs: p.closedAs }).where('id', '=', p.id),
)

/**
 * An assignment was delivered: what was still on the shelf leaves it as a deliver movement (what was
 * loaded from the pick list left it already, as a pick). Nothing reserved, nothing written.
 */
export function deliverReservedIn(sql: Sql, orgId: string, delivery: { assignmentId: string; runnerId?: string | null; runId?: string | null }) {
  const at = new Date()
  for (const held of sql.all(openReservationsOf({ assignmentId: delivery.assignmentId }))) {
    const onShelf = held.quantity - held.picked
    if (onShelf > 0) {
      moveIn(sql, orgId, { depotId: held.depotId, productId: held.productId, quantity: -onShelf, reason: 'deliver', runnerId: delivery.runnerId, requestId: held.requestId, assignmentId: delivery.assignmentId, runId: delivery.runId }, -onShelf)
    }
    sql.run(closeReservation({ id: held.id, closedAs: 'delivered', at }))
  }
}

/** An assignment was cancelled (or taken back): its hold is released, and what was loaded goes back on the shelf. */
export function releaseReservedIn(sql: Sql, orgId: string, release: { assignmentId: string; userId?: string | null; runId?: string | null }) {
  const at = new Date()
  for (const held of sql.all(openReservationsOf({ assignmentId: release.assignmentId }))) {
    const onShelf = held.quantity - held.picked
    if (onShelf > 0) changeStockIn(sql, orgId, held.depotId, held.productId, 0, -onShelf)
    if (held.picked > 0) {
      recordMovementIn(sql, orgId, {
        depotId: held.depotId,
        productId: held.productId,
        quantity: held.picked,
        reason: 'return',
        note: 'Back from a cancelled delivery',
        userId: release.userId,
        requestId: held.requestId,
        assignmentId: release.assignmentId,
        runId: release.runId,
      })
    }
    sql.run(closeReservation({ id: held.id, closedAs: 'released', at }))
  }
}

/**
 * The runner loaded `quantity` of a reserved product for an assignment: it leaves the shelf now (a pick
 * movement) and is no longer held there. Loading more than was reserved loads only what was reserved.
 */
export function pickReservedIn(sql: Sql, orgId: string, pick: { assignmentId: string; productId: string; quantity: number; runnerId?: string | null; runId?: string | null }) {
  const held = sql.one(
    tables
      .selectFrom('StockReservation')
      .select(['id', 'depotId', 'requestId', 'quantity', 'picked'])
      .where('assignmentId', '=', pick.assignmentId)
      .where('productId', '=', pick.productId)
      .where('closedAt', 'is', null),
  )
  if (!held) return 0
  const loaded = Math.max(0, Math.min(pick.quantity, held.quantity - held.picked))
  if (loaded === 0) return 0
  sql.run(tables.updateTable('StockReservation').set((eb) => ({ picked: eb('picked', '+', loaded) })).where('id', '=', held.id))
  moveIn(sql, orgId, { depotId: held.depotId, productId: pick.productId, quantity: -loaded, reason: 'pick', runnerId: pick.runnerId, requestId: held.requestId, assignmentId: pick.assignmentId, runId: pick.runId }, -loaded)
  return loaded
}
