import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { givenDelivery } from '../../../tests/fixtures/stock'
import { adviseReorder, propertiesRunningOut, propertyReorderSuggestions } from './reorder.server'

const NOW = new Date('2026-11-23T12:00:00Z')
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000)
const longAssigned = daysAgo(365)

describe('the reorder formula', () => {
  test('a par level with no deliveries in 90 days suggests the par level', () => {
    expect(adviseReorder({ parLevel: 12, deliveredQuantity: 0, lastDeliveredAt: null, assignedAt: longAssigned }, NOW)).toEqual({
      averageDailyUse: 0,
      suggestedQuantity: 12,
      reason: 'no_history',
    })
  })

  test('nothing to say without history and without a par level, or with a par level of 0', () => {
    expect(adviseReorder({ parLevel: null, deliveredQuantity: 0, lastDeliveredAt: null, assignedAt: longAssigned }, NOW)).toBeNull()
    expect(adviseReorder({ parLevel: 0, deliveredQuantity: 90, lastDeliveredAt: daysAgo(30), assignedAt: longAssigned }, NOW)).toBeNull()
  })

  test('90 delivered in 90 days is 1 a day; par 20 filled 10 days ago leaves 10, which lasts beyond the week', () => {
    expect(adviseReorder({ parLevel: 20, deliveredQuantity: 90, lastDeliveredAt: daysAgo(10), assignedAt: longAssigned }, NOW)).toBeNull()
  })

  test('par 20 filled 14 days ago leaves 6, less than a week: refill the 14 used', () => {
    expect(adviseReorder({ parLevel: 20, deliveredQuantity: 90, lastDeliveredAt: daysAgo(14), assignedAt: longAssigned }, NOW)).toEqual({
      averageDailyUse: 1,
      suggestedQuantity: 14,
      reason: 'runs_out_this_week',
    })
  })

  test('without a par level the target is two weeks of use: 3 a day, last delivered 10 days ago → 30 of 42 used', () => {
    expect(adviseReorder({ parLevel: null, deliveredQuantity: 270, lastDeliveredAt: daysAgo(10), assignedAt: longAssigned }, NOW)).toEqual({
      averageDailyUse: 3,
      suggestedQuantity: 30,
      reason: 'runs_out_this_week',
    })
  })

  test('a product assigned 30 days ago counts its use over those 30 days, not 90', () => {
    const advice = adviseReorder({ parLevel: 30, deliveredQuantity: 60, lastDeliveredAt: daysAgo(12), assignedAt: daysAgo(30) }, NOW)
    expect(advice).toEqual({ averageDailyUse: 2, suggestedQuantity: 24, reason: 'runs_out_this_week' })
  })

  test('an empty shelf suggests at least one', () => {
    expect(adviseReorder({ parLevel: 1, deliveredQuantity: 9, lastDeliveredAt: daysAgo(60), assignedAt: longAssigned }, NOW)).toMatchObject({
      suggestedQuantity: 1,
    })
  })
})

describe('suggestions from the database', () => {
  test('counts only delivered quantities of the last 90 days at that property, and names the last delivery', async () => {
    const org = await db.organisation.create({ data: { name: 'Stock Org' } })
    const { property, products } = await givenStockedSite(org.id, ['Glass Cleaner', 'Mop Heads', 'Light Bulbs'])
    const other = await givenStockedSite(org.id, ['Unrelated'])
    const [glass, mop, bulbs] = products as [(typeof products)[0], (typeof products)[0], (typeof products)[0]]
    await db.propertyProduct.updateMany({ where: { propertyId: property.id }, data: { createdAt: longAssigned } })
    await db.propertyProduct.updateMany({ where: { propertyId: property.id, productId: glass.id }, data: { parLevel: 20 } })
    await db.propertyProduct.updateMany({ where: { propertyId: property.id, productId: bulbs.id }, data: { parLevel: 8 } })
    const line = (p: { id: string; name: string }, quantity: number) => ({ id: p.id, name: p.name, quantity })
    await givenDelivery(org.id, { propertyId: property.id, products: [line(glass, 45), line(mop, 1)], deliveredAt: daysAgo(60) })
    await givenDelivery(org.id, { propertyId: property.id, products: [line(glass, 45)], deliveredAt: daysAgo(14) })
    await givenDelivery(org.id, { propertyId: property.id, products: [line(glass, 500)], deliveredAt: daysAgo(120) }) // too old
    await givenRequestPendingOf(org.id, property.id, glass)
    await givenDelivery(org.id, { propertyId: other.property.id, products: [line(glass, 300)], deliveredAt: daysAgo(3) }) // elsewhere

    const suggestions = await propertyReorderSuggestions(org.id, property.id, NOW)
    expect(suggestions).toEqual([
      { productId: glass.id, productName: 'Glass Cleaner', parLevel: 20, averageDailyUse: 1, lastDeliveredAt: daysAgo(14).toISOString(), suggestedQuantity: 14, reason: 'runs_out_this_week' },
      { productId: bulbs.id, productName: 'Light Bulbs', parLevel: 8, averageDailyUse: 0, lastDeliveredAt: null, suggestedQuantity: 8, reason: 'no_history' },
    ])
    expect(await propertiesRunningOut(org.id, NOW)).toEqual([{ id: property.id, name: property.name, products: 2 }])
  })

  test('the dashboard’s answer, reused between visits, changes as soon as a manager sets a par level', async () => {
    const org = await db.organisation.create({ data: { name: 'Dashboard Org' } })
    const { property, products } = await givenStockedSite(org.id, ['Paper Towels'])
    expect(await propertiesRunningOut(org.id)).toEqual([])
    expect(await propertiesRunningOut(org.id)).toEqual([])
    await db.propertyProduct.updateMany({ where: { propertyId: property.id, productId: products[0]!.id }, data: { parLevel: 6 } })
    expect(await propertiesRunningOut(org.id)).toEqual([{ id: property.id, name: property.name, products: 1 }])
  })

  test('another organisation’s property is not found', async () => {
    const a = await db.organisation.create({ data: { name: 'A' } })
    const b = await db.organisation.create({ data: { name: 'B' } })
    const { property } = await givenStockedSite(a.id, ['X'])
    await expect(propertyReorderSuggestions(b.id, property.id, NOW)).rejects.toMatchObject({ status: 404 })
  })
})

/** A request that was never delivered: it must not count as use. */
async function givenRequestPendingOf(orgId: string, propertyId: string, product: { id: string; name: string }) {
  const { givenRequestWith } = await import('../../../tests/fixtures/requests')
  return givenRequestWith(orgId, { propertyId, products: [{ id: product.id, name: product.name, quantity: 99 }] })
}
