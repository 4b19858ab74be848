// Purchase orders: draft → sent → partially_received → received, or cancelled (decision 132). Every
// change is one plain-SQL transaction; receiving puts what arrived on the depot's shelf through the
// stock ledger's one write path, in the same transaction as the order's own lines.
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { Conflict, Invalid, NotFound, type FieldErrors } from '~/lib/errors'
import { centsToDecimal } from '~/lib/money'
import { yearIn } from '~/lib/format'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { takePurchaseOrderNumberIn } from '~/areas/organisation/sequence.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { webhookDeliveriesIn } from '~/areas/integrations/webhook.server'
import { recordMovementIn } from '~/areas/stock/stock-ledger.server'
import type { PurchaseOrderFields, PurchaseOrderStatus, ReceiveFields } from './purchase-order.schema'

type LineFields = PurchaseOrderFields['lines']

export type PurchaseOrderLineView = {
  productId: string
  name: string
  quantity: number
  unitCost: number
  received: number
  /** Still to come: ordered − received. */
  outstanding: number
  amount: number
}

export type PurchaseOrderView = {
  id: string
  number: string
  status: PurchaseOrderStatus
  supplierId: string
  depotId: string
  supplier: { id: string; name: string; email: string | null; phone: string | null; leadTimeDays: number }
  depot: { id: string; name: string; address: string | null }
  lines: PurchaseOrderLineView[]
  total: number
  createdAt: string
  sentAt: string | null
  receivedAt: string | null
  cancelledAt: string | null
}

export type PurchaseOrderSummary = Pick<PurchaseOrderView, 'id' | 'number' | 'status' | 'supplierId' | 'depotId' | 'total' | 'createdAt' | 'sentAt' | 'receivedAt' | 'cancelledAt'> & {
  supplierName: string
  depotName: string
}

// Money is summed in cents (floats would drift a cent now and then) and kept as dollars (decision 114).
const cents = (dollars: number) => Math.round(dollars * 100)
const dollars = (c: number) => Number(centsToDecimal(c))
const totalOf = (lines: Array<{ quantity: number; unitCost: number }>) => dollars(lines.reduce((sum, l) => sum + cents(l.unitCost) * l.quantity, 0))

const ORDER_COLUMNS = ['id', 'number', 'status', 'supplierId', 'depotId', 'total', 'createdAt', 'sentAt', 'receivedAt', 'cancelledAt'] as const

function orderRowIn(sql: Sql, orgId: string, id: string) {
  const row = sql.one(tables.selectFrom('PurchaseOrder').select(ORDER_COLUMNS).where('organisationId', '=', orgId).where('id', '=', id))
  if (!row) throw new NotFound('Purchase order not found')
  return { ...row, status: row.status as PurchaseOrderStatus }
}

function linesIn(sql: Sql, orderId: string): PurchaseOrderLineView[] {
  return sql
    .all(tables.selectFrom('PurchaseOrderLine').select(['productId', 'productName', 'quantity', 'unitCost', 'received']).where('purchaseOrderId', '=', orderId).orderBy('productName').orderBy('productId'))
    .map((l) => ({
      productId: l.productId,
      name: l.productName,
      quantity: l.quantity,
      unitCost: l.unitCost,
      received: l.received,
      outstanding: Math.max(0, l.quantity - l.received),
      amount: dollars(cents(l.unitCost) * l.quantity),
    }))
}

function viewIn(sql: Sql, orgId: string, id: string): PurchaseOrderView {
  const order = orderRowIn(sql, orgId, id)
  const supplier = sql.one(tables.selectFrom('Supplier').select(['id', 'name', 'email', 'phone', 'leadTimeDays']).where('id', '=', order.supplierId))!
  const depot = sql.one(tables.selectFrom('Depot').select(['id', 'name', 'address']).where('id', '=', order.depotId))!
  return { ...order, supplier, depot, lines: linesIn(sql, order.id) }
}

export async function findPurchaseOrder(orgId: string, id: string): Promise<PurchaseOrderView> {
  return readNow((sql) => viewIn(sql, orgId, id))
}

export async function listPurchaseOrders(orgId: string, filter: { status?: PurchaseOrderStatus } = {}): Promise<PurchaseOrderSummary[]> {
  return readNow((sql) => {
    let query = tables
      .selectFrom('PurchaseOrder as o')
      .innerJoin('Supplier as s', 's.id', 'o.supplierId')
      .innerJoin('Depot as d', 'd.id', 'o.depotId')
      .select(['o.id', 'o.number', 'o.status', 'o.supplierId', 'o.depotId', 'o.total', 'o.createdAt', 'o.sentAt', 'o.receivedAt', 'o.cancelledAt', 's.name as supplierName', 'd.name as depotName'])
      .where('o.organisationId', '=', orgId)
    if (filter.status) query = query.where('o.status', '=', filter.status)
    return sql.all(query.orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(500)).map((o) => ({ ...o, status: o.status as PurchaseOrderStatus }))
  })
}

/** The lines' products, checked to be the organisation's; a field error points at the line that is not. */
function productNamesIn(sql: Sql, orgId: string, lines: LineFields): Map<string, string> {
  const ids = lines.map((l) => l.productId)
  const found = new Map(
    sql.all(tables.selectFrom('Product').select(['id', 'name']).where('organisationId', '=', orgId).where('id', 'in', ids)).map((p) => [p.id, p.name] as const),
  )
  const fieldErrors: FieldErrors = {}
  lines.forEach((l, i) => {
    if (!found.has(l.productId)) fieldErrors[`lines.${i}.productId`] = ['No such product in your catalog']
  })
  if (Object.keys(fieldErrors).length) throw new Invalid('A line names a product that is not in your catalog', fieldErrors)
  return found
}

function writeLinesIn(sql: Sql, orgId: string, orderId: string, lines: LineFields) {
  const names = productNamesIn(sql, orgId, lines)
  sql.run(tables.deleteFrom('PurchaseOrderLine').where('purchaseOrderId', '=', orderId))
  for (const line of lines) {
    sql.run(
      tables.insertInto('PurchaseOrderLine').values({
        id: newRowId(),
        purchaseOrderId: orderId,
        productId: line.productId,
        productName: names.get(line.productId)!,
        quantity: line.quantity,
        unitCost: dollars(cents(line.unitCost)),
        received: 0,
      }),
    )
  }
  sql.run(tables.updateTable('PurchaseOrder').set({ total: totalOf(lines), updatedAt: new Date() }).where('id', '=', orderId))
}

/** A draft, numbered PO-<year>-0001 per organisation in the organisation's own year. */
export async function createPurchaseOrder(orgId: string, userId: string | null, fields: PurchaseOrderFields): Promise<PurchaseOrderView> {
  const timeZone = await organisationTimeZone(orgId)
  const order = await writeTogether((sql) => {
    const fieldErrors: FieldErrors = {}
    if (!sql.one(tables.selectFrom('Supplier').select('id').where('organisationId', '=', orgId).where('id', '=', fields.supplierId))) fieldErrors.supplierId = ['No such supplier']
    if (!sql.one(tables.selectFrom('Depot').select('id').where('organisationId', '=', orgId).where('id', '=', fields.depotId))) fieldErrors.depotId = ['No such depot']
    if (Object.keys(fieldErrors).length) throw new Invalid(Object.values(fieldErrors)[0]![0]!, fieldErrors)
    const at = new Date()
    const id = newRowId()
    const number = takePurchaseOrderNumberIn(sql, orgId, yearIn(timeZone, at))
    sql.run(
      tables.insertInto('PurchaseOrder').values({
        id,
        organisationId: orgId,
        number,
        supplierId: fields.supplierId,
        depotId: fields.depotId,
        status: 'draft',
        total: 0,
        createdById: userId,
        createdAt: at,
        updatedAt: at,
      }),
    )
    writeLinesIn(sql, orgId, id, fields.lines)
    return viewIn(sql, orgId, id)
  })
  await recordAudit({ orgId, action: 'purchase_order.created', target: { type: 'purchase_order', id: order.id }, details: { number: order.number, supplier: order.supplier.name, total: order.total } })
  return order
}

const REFUSED_BECAUSE: Record<PurchaseOrderStatus, string> = {
  draft: 'is still a draft',
  sent: 'has been sent',
  partially_received: 'is partly received',
  received: 'has been received',
  cancelled: 'was cancelled',
}

function refuse(order: { number: string; status: PurchaseOrderStatus }, what: string): never {
  throw new Conflict(`${order.number} ${REFUSED_BECAUSE[order.status]}: ${what}`, { status: order.status })
}

/** A draft's lines replaced; a sent order's lines are what the supplier was sent, so they stay. */
export async function replaceDraftLines(orgId: string, id: string, lines: LineFields): Promise<PurchaseOrderView> {
  const order = await writeTogether((sql) => {
    const found = orderRowIn(sql, orgId, id)
    if (found.status !== 'draft') refuse(found, 'only a draft’s lines can change.')
    writeLinesIn(sql, orgId, id, lines)
    return viewIn(sql, orgId, id)
  })
  await recordAudit({ orgId, action: 'purchase_order.lines_changed', target: { type: 'purchase_order', id }, details: { number: order.number, lines: order.lines.length, total: order.total } })
  return order
}

/** Before the e-mail goes: only a draft may be sent, and only to a supplier with an address. */
export async function orderToSend(orgId: string, id: string): Promise<PurchaseOrderView> {
  const order = await findPurchaseOrder(orgId, id)
  if (order.status !== 'draft') refuse(order, 'only a draft can be sent.')
  if (!order.supplier.email) throw new Conflict(`${order.supplier.name} has no e-mail address: add one on the Suppliers page, then send ${order.number}.`, { status: order.status })
  return order
}

/** After the e-mail went: the draft becomes sent (a second send that lost the race is refused). */
export async function markSent(orgId: string, id: string, to: string): Promise<PurchaseOrderView> {
  const order = await writeTogether((sql) => {
    const at = new Date()
    const moved = sql.run(tables.updateTable('PurchaseOrder').set({ status: 'sent', sentAt: at, updatedAt: at }).where('organisationId', '=', orgId).where('id', '=', id).where('status', '=', 'draft'))
    if (!moved.changes) refuse(orderRowIn(sql, orgId, id), 'only a draft can be sent.')
    return viewIn(sql, orgId, id)
  })
  await recordAudit({ orgId, action: 'purchase_order.sent', target: { type: 'purchase_order', id }, details: { number: order.number, to } })
  return order
}

export async function cancelPurchaseOrder(orgId: string, id: string): Promise<PurchaseOrderView> {
  const order = await writeTogether((sql) => {
    const found = orderRowIn(sql, orgId, id)
    // What has arrived is on the shelf; cancelling a partly received order would leave that unexplained.
    if (found.status !== 'draft' && found.status !== 'sent') refuse(found, 'only a draft or a sent order can be cancelled.')
    const at = new Date()
    sql.run(tables.updateTable('PurchaseOrder').set({ status: 'cancelled', cancelledAt: at, updatedAt: at }).where('id', '=', id))
    return viewIn(sql, orgId, id)
  })
  await recordAudit({ orgId, action: 'purchase_order.cancelled', target: { type: 'purchase_order', id }, details: { number: order.number } })
  return order
}

/**
 * What arrived, whole or in part: each line's received count goes up, and the depot gets a receive
 * movement of that much through the ledger. More than is still to come is refused line by line.
 * Fully received, the order says so and `purchase_order.received` goes to the webhooks.
 */
export async function receivePurchaseOrder(orgId: string, userId: string | null, id: string, arrived: ReceiveFields['lines']): Promise<PurchaseOrderView> {
  const result = await writeTogether((sql) => {
    const order = orderRowIn(sql, orgId, id)
    if (order.status !== 'sent' && order.status !== 'partially_received') {
      refuse(order, order.status === 'draft' ? 'send it before receiving it.' : 'nothing more can be received on it.')
    }
    const lines = new Map(linesIn(sql, id).map((l) => [l.productId, l]))
    const fieldErrors: FieldErrors = {}
    const seen = new Map<string, number>()
    arrived.forEach((a, i) => {
      const line = lines.get(a.productId)
      if (!line) {
        fieldErrors[`lines.${i}.productId`] = ['This product is not on the order']
        return
      }
      const total = (seen.get(a.productId) ?? 0) + a.quantity
      seen.set(a.productId, total)
      if (total > line.outstanding) fieldErrors[`lines.${i}.quantity`] = [line.outstanding === 0 ? `All of ${line.name} has arrived already` : `Only ${line.outstanding} of ${line.name} still to come`]
    })
    if (Object.keys(fieldErrors).length) throw new Invalid(Object.values(fieldErrors)[0]![0]!, fieldErrors)
    if ([...seen.values()].every((q) => q === 0)) throw new Invalid('Say how many of at least one line arrived', { lines: ['Say how many of at least one line arrived'] })
    for (const [productId, quantity] of seen) {
      if (quantity === 0) continue
      sql.run(
        tables
          .updateTable('PurchaseOrderLine')
          .set((eb) => ({ received: eb('received', '+', quantity) }))
          .where('purchaseOrderId', '=', id)
          .where('productId', '=', productId),
      )
      recordMovementIn(sql, orgId, { depotId: order.depotId, productId, quantity, reason: 'receive', note: `Received on ${order.number}`, userId, purchaseOrderId: id })
    }
    const complete = linesIn(sql, id).every((l) => l.outstanding === 0)
    const at = new Date()
    sql.run(
      tables
        .updateTable('PurchaseOrder')
        .set({ status: complete ? 'received' : 'partially_received', receivedAt: complete ? at : null, updatedAt: at })
        .where('id', '=', id),
    )
    const view = viewIn(sql, orgId, id)
    if (complete) {
      webhookDeliveriesIn(sql, orgId, 'purchase_order.received', [
        { purchaseOrderId: id, number: view.number, supplierId: view.supplierId, depotId: view.depotId, total: view.total, lines: view.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, received: l.received })) },
      ])
    }
    return { view, received: [...seen].filter(([, q]) => q > 0) }
  })
  await recordAudit({
    orgId,
    action: 'purchase_order.received',
    target: { type: 'purchase_order', id },
    details: { number: result.view.number, status: result.view.status, lines: result.received.map(([productId, quantity]) => ({ productId, quantity })) },
  })
  return result.view
}

/** What each product at a depot has still to come on orders not yet fully received (drafts count: they are about to go). */
export function onOrderIn(sql: Sql, orgId: string, depotId: string): Map<string, number> {
  const rows = sql.all(
    tables
      .selectFrom('PurchaseOrderLine as l')
      .innerJoin('PurchaseOrder as o', 'o.id', 'l.purchaseOrderId')
      .select(['l.productId', 'l.quantity', 'l.received'])
      .where('o.organisationId', '=', orgId)
      .where('o.depotId', '=', depotId)
      .where('o.status', 'in', ['draft', 'sent', 'partially_received']),
  )
  const onOrder = new Map<string, number>()
  for (const r of rows) onOrder.set(r.productId, (onOrder.get(r.productId) ?? 0) + Math.max(0, r.quantity - r.received))
  return onOrder
}
