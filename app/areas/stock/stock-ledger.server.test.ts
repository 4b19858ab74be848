// A depot's on hand is the sum of its movements, whatever order deliveries, picks, cancellations and
// receipts arrive in, and stock.low goes to integrations once per fall to the reorder point.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from './depot.server'
import { updateStockSettings } from './depot-stock.server'
import { deliverReservedIn, pickReservedIn, recordMovementIn, releaseReservedIn, reserveIn } from './stock-ledger.server'

async function givenDepotWithProduct(name: string) {
  const org = await db.organisation.create({ data: { name } })
  const product = await db.product.create({ data: { organisationId: org.id, name: 'Paper Towels' } })
  const depot = await writeTogether((sql) => firstDepotIn(sql, org.id))
  return { orgId: org.id, productId: product.id, depotId: depot.id }
}

async function ledgerOf(depotId: string, productId: string) {
  const row = await db.depotStock.findUnique({ where: { depotId_productId: { depotId, productId } } })
  const sum = await db.stockMovement.aggregate({ where: { depotId, productId }, _sum: { quantity: true } })
  return { onHand: row?.onHand ?? 0, reserved: row?.reserved ?? 0, sumOfMovements: sum._sum.quantity ?? 0 }
}

test('an organisation without a depot gets its first when a write needs one, and the same one after', async () => {
  const org = await db.organisation.create({ data: { name: 'No Depot Yet' } })
  const first = await writeTogether((sql) => firstDepotIn(sql, org.id))
  const again = await writeTogether((sql) => firstDepotIn(sql, org.id))
  expect(again.id).toBe(first.id)
  expect(await db.depot.count({ where: { organisationId: org.id } })).toBe(1)
})

test('reserving more than is available is allowed and says what is short; delivering takes it off the shelf', async () => {
  const { orgId, productId, depotId } = await givenDepotWithProduct('Short Shelf')
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: 5, reason: 'receive' }))
  const shortages = await writeTogether((sql) =>
    reserveIn(sql, orgId, { depotId, assignmentId: 'a1', requestId: 'r1', items: [{ productId, quantity: 3 }, { productId, quantity: 5 }] }),
  )
  expect(shortages).toEqual([{ productId, needed: 8, available: 5 }])
  expect(await ledgerOf(depotId, productId)).toEqual({ onHand: 5, reserved: 8, sumOfMovements: 5 })
  await writeTogether((sql) => deliverReservedIn(sql, orgId, { assignmentId: 'a1' }))
  expect(await ledgerOf(depotId, productId)).toEqual({ onHand: -3, reserved: 0, sumOfMovements: -3 })
  // Delivered once: a second delivery of the same assignment takes nothing more.
  await writeTogether((sql) => deliverReservedIn(sql, orgId, { assignmentId: 'a1' }))
  expect(await ledgerOf(depotId, productId)).toEqual({ onHand: -3, reserved: 0, sumOfMovements: -3 })
})

test('loaded from the pick list, then cancelled: the load comes back to the shelf and the hold is released', async () => {
  const { orgId, productId, depotId } = await givenDepotWithProduct('Van Back')
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: 10, reason: 'receive' }))
  await writeTogether((sql) => reserveIn(sql, orgId, { depotId, assignmentId: 'b1', requestId: 'r1', items: [{ productId, quantity: 4 }] }))
  expect(await writeTogether((sql) => pickReservedIn(sql, orgId, { assignmentId: 'b1', productId, quantity: 3 }))).toBe(3)
  expect(await ledgerOf(depotId, productId)).toEqual({ onHand: 7, reserved: 1, sumOfMovements: 7 })
  await writeTogether((sql) => releaseReservedIn(sql, orgId, { assignmentId: 'b1' }))
  expect(await ledgerOf(depotId, productId)).toEqual({ onHand: 10, reserved: 0, sumOfMovements: 10 })
})

test('100 concurrent deliveries of the same product leave on hand equal to the sum of the movements', async () => {
  const { orgId, productId, depotId } = await givenDepotWithProduct('Busy Depot')
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: 500, reason: 'receive' }))
  const ids = Array.from({ length: 100 }, (_, i) => `c${i}`)
  await Promise.all(ids.map((id) => writeTogether((sql) => reserveIn(sql, orgId, { depotId, assignmentId: id, requestId: id, items: [{ productId, quantity: 2 }] }))))
  await Promise.all([
    ...ids.map((id) => writeTogether((sql) => deliverReservedIn(sql, orgId, { assignmentId: id }))),
    writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: -7, reason: 'count' })),
  ])
  expect(await ledgerOf(depotId, productId)).toEqual({ onHand: 500 - 200 - 7, reserved: 0, sumOfMovements: 293 })
})

test('stock.low goes once when available falls to the reorder point, and again only after it rose above', async () => {
  const { orgId, productId, depotId } = await givenDepotWithProduct('Low Watch')
  await db.webhookEndpoint.create({ data: { organisationId: orgId, url: 'http://127.0.0.1:9/hook', events: 'stock.low', secret: 'whsec_test' } })
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: 10, reason: 'receive' }))
  await db.depotStock.update({ where: { depotId_productId: { depotId, productId } }, data: { reorderPoint: 4 } })
  const sent = () => db.webhookDelivery.count({ where: { organisationId: orgId, type: 'stock.low' } })
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: -6, reason: 'damage' }))
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: -1, reason: 'damage' }))
  expect(await sent()).toBe(1)
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: 5, reason: 'receive' }))
  await writeTogether((sql) => reserveIn(sql, orgId, { depotId, assignmentId: 'd1', requestId: 'r1', items: [{ productId, quantity: 5 }] }))
  expect(await sent()).toBe(2)
})

test('a reorder point set above what is available sends stock.low at once, and once', async () => {
  const { orgId, productId, depotId } = await givenDepotWithProduct('Raised Point')
  await db.webhookEndpoint.create({ data: { organisationId: orgId, url: 'http://127.0.0.1:9/hook', events: 'stock.low', secret: 'whsec_test' } })
  await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId, productId, quantity: 3, reason: 'receive' }))
  const sent = () => db.webhookDelivery.count({ where: { organisationId: orgId, type: 'stock.low' } })
  await updateStockSettings(orgId, depotId, productId, { reorderPoint: 2, reorderQuantity: 10, bin: null })
  expect(await sent()).toBe(0)
  await updateStockSettings(orgId, depotId, productId, { reorderPoint: 5, reorderQuantity: 10, bin: 'A-1' })
  await updateStockSettings(orgId, depotId, productId, { reorderPoint: 6, reorderQuantity: 10, bin: 'A-1' })
  expect(await sent()).toBe(1)
})
