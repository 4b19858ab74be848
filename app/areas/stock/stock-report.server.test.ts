// Stock value per depot is on hand × unit cost; days of cover divide on hand by the last 30 days'
// deliveries (picks count, returns of cancelled deliveries do not, older movements are left out).
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from './depot.server'
import { recordMovementIn } from './stock-ledger.server'
import { daysOfCover, stockValueByDepot } from './stock-report.server'

test('stock value per depot counts what is on hand at each product’s unit cost, and says how many have none', async () => {
  const org = await db.organisation.create({ data: { name: 'Valued' } })
  const towels = await db.product.create({ data: { organisationId: org.id, name: 'Paper Towels', unitCost: 2.5 } })
  const soap = await db.product.create({ data: { organisationId: org.id, name: 'Hand Soap', unitCost: 1.2 } })
  const free = await db.product.create({ data: { organisationId: org.id, name: 'Samples' } })
  const main = await writeTogether((sql) => firstDepotIn(sql, org.id))
  const north = await db.depot.create({ data: { organisationId: org.id, name: 'North yard' } })
  await writeTogether((sql) => {
    recordMovementIn(sql, org.id, { depotId: main.id, productId: towels.id, quantity: 10, reason: 'receive' })
    recordMovementIn(sql, org.id, { depotId: main.id, productId: soap.id, quantity: 3, reason: 'receive' })
    recordMovementIn(sql, org.id, { depotId: main.id, productId: free.id, quantity: 7, reason: 'receive' })
    // Below zero (delivered before it was received) is worth nothing, not less than nothing.
    recordMovementIn(sql, org.id, { depotId: north.id, productId: towels.id, quantity: -4, reason: 'deliver' })
  })
  expect(await stockValueByDepot(org.id)).toEqual([
    { depotId: main.id, name: 'Main depot', units: 20, value: 28.6, unpriced: 1 },
    { depotId: north.id, name: 'North yard', units: 0, value: 0, unpriced: 0 },
  ])
})

test('days of cover: on hand over the last 30 days’ deliveries a day, fewest first', async () => {
  const org = await db.organisation.create({ data: { name: 'Covered' } })
  const towels = await db.product.create({ data: { organisationId: org.id, name: 'Paper Towels' } })
  const soap = await db.product.create({ data: { organisationId: org.id, name: 'Hand Soap' } })
  const idle = await db.product.create({ data: { organisationId: org.id, name: 'Idle' } })
  const { id: depotId } = await writeTogether((sql) => firstDepotIn(sql, org.id))
  await writeTogether((sql) => {
    recordMovementIn(sql, org.id, { depotId, productId: towels.id, quantity: 100, reason: 'receive' })
    recordMovementIn(sql, org.id, { depotId, productId: soap.id, quantity: 20, reason: 'receive' })
    recordMovementIn(sql, org.id, { depotId, productId: idle.id, quantity: 5, reason: 'receive' })
    // 30 towels out in the window: 20 delivered, 15 picked, 5 back from a cancelled delivery.
    recordMovementIn(sql, org.id, { depotId, productId: towels.id, quantity: -20, reason: 'deliver', assignmentId: 'a1' })
    recordMovementIn(sql, org.id, { depotId, productId: towels.id, quantity: -15, reason: 'pick', assignmentId: 'a2' })
    recordMovementIn(sql, org.id, { depotId, productId: towels.id, quantity: 5, reason: 'return', assignmentId: 'a2' })
    recordMovementIn(sql, org.id, { depotId, productId: soap.id, quantity: -15, reason: 'deliver', assignmentId: 'a3' })
    // Damage is not demand.
    recordMovementIn(sql, org.id, { depotId, productId: soap.id, quantity: -1, reason: 'damage' })
  })
  // A delivery 40 days ago is outside the window.
  await db.stockMovement.create({ data: { organisationId: org.id, depotId, productId: idle.id, quantity: -300, reason: 'deliver', createdAt: new Date(Date.now() - 40 * 86_400_000) } })
  const { lines } = await daysOfCover(org.id, depotId)
  expect(lines.map((l) => [l.name, l.onHand, l.delivered, l.days])).toEqual([
    ['Hand Soap', 4, 15, 8],
    ['Paper Towels', 70, 30, 70],
    ['Idle', 5, 0, null],
  ])
})
