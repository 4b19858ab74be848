// A count is of the moment it was opened: a delivery, a pick or a receipt while it is open still
// applies, a recount moves on hand once, and a closed count takes no more lines (decision 130).
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from './depot.server'
import { deliverReservedIn, recordMovementIn, reserveIn } from './stock-ledger.server'
import { closeCount, countView, openCount, openCountOf, recordCountLine } from './stock-count.server'
import { stockAt } from './depot-stock.server'

async function givenShelf(name: string, onHand: number) {
  const org = await db.organisation.create({ data: { name } })
  const product = await db.product.create({ data: { organisationId: org.id, name: 'Paper Towels' } })
  const other = await db.product.create({ data: { organisationId: org.id, name: 'Bin Liners' } })
  const depot = await writeTogether((sql) => firstDepotIn(sql, org.id))
  await writeTogether((sql) => recordMovementIn(sql, org.id, { depotId: depot.id, productId: product.id, quantity: onHand, reason: 'receive' }))
  return { orgId: org.id, depotId: depot.id, productId: product.id, otherId: other.id }
}

const onHandOf = async (orgId: string, depotId: string, productId: string) => (await stockAt(orgId, depotId)).find((s) => s.productId === productId)!.onHand
const sumOf = async (depotId: string, productId: string) => (await db.stockMovement.aggregate({ where: { depotId, productId }, _sum: { quantity: true } }))._sum.quantity ?? 0

test('a delivery while the count is open keeps both: on hand ends at counted less what was delivered since', async () => {
  const { orgId, depotId, productId } = await givenShelf('Count And Deliver', 10)
  const countId = await openCount(orgId, depotId, null)
  // While the counter walks to the shelf, a van takes 3 (reserved, then delivered).
  await writeTogether((sql) => reserveIn(sql, orgId, { depotId, assignmentId: 'count-a1', requestId: 'count-r1', items: [{ productId, quantity: 3 }] }))
  await writeTogether((sql) => deliverReservedIn(sql, orgId, { assignmentId: 'count-a1' }))
  expect(await onHandOf(orgId, depotId, productId)).toBe(7)
  // The shelf held 9 when the count was opened (one had gone missing): 9 − 10 = −1, on top of the delivery.
  const { movement, onHand } = await recordCountLine(orgId, 'someone', { depotId, countId, productId, counted: 9 })
  expect(movement).toMatchObject({ quantity: -1, reason: 'count', countId, userId: 'someone' })
  expect(onHand).toBe(6)
  expect(await sumOf(depotId, productId)).toBe(6)
})

test('a recount moves on hand by the difference from the last count, once', async () => {
  const { orgId, depotId, productId } = await givenShelf('Recount', 5)
  const countId = await openCount(orgId, depotId, null)
  await recordCountLine(orgId, null, { depotId, countId, productId, counted: 8 })
  const again = await recordCountLine(orgId, null, { depotId, countId, productId, counted: 7 })
  expect(again.movement.quantity).toBe(-1)
  expect(await onHandOf(orgId, depotId, productId)).toBe(7)
  expect(await sumOf(depotId, productId)).toBe(7)
})

test('a count lists every product in bin order, one open count a depot, and a closed count takes no line', async () => {
  const { orgId, depotId, productId, otherId } = await givenShelf('Open Once', 2)
  await db.depotStock.updateMany({ where: { depotId, productId }, data: { bin: 'B-02' } })
  await db.depotStock.create({ data: { organisationId: orgId, depotId, productId: otherId, bin: 'A-01' } })
  const countId = await openCount(orgId, depotId, null)
  expect(await openCount(orgId, depotId, null)).toBe(countId)
  expect(await openCountOf(orgId, depotId)).toBe(countId)
  const view = await countView(orgId, depotId, countId)
  expect(view.lines.map((l) => [l.bin, l.name, l.expected])).toEqual([
    ['A-01', 'Bin Liners', 0],
    ['B-02', 'Paper Towels', 2],
  ])
  await closeCount(orgId, depotId, countId)
  expect(await openCountOf(orgId, depotId)).toBeNull()
  await expect(recordCountLine(orgId, null, { depotId, countId, productId, counted: 1 })).rejects.toThrow(/closed/)
  // Another organisation cannot see or count it.
  const stranger = await db.organisation.create({ data: { name: 'Stranger' } })
  await expect(countView(stranger.id, depotId, countId)).rejects.toThrow(/not found/i)
  await expect(openCount(stranger.id, depotId, null)).rejects.toThrow(/not found/i)
})
