import { describe, expect, test } from 'vitest'
import { standingOrdersJob } from '../../../server/jobs/standing-orders.server'
import { db } from '~/lib/db.server'
import { StandingOrderInput } from '~/areas/requests/standing-order.schema'
import { givenStorefront, notificationsOf } from '../../../tests/fixtures/vendor'
import { createStandingOrder } from './standing-order.server'
import { runDueStandingOrders } from './standing-order-runs.server'

/** A standing order created at `createdAt` (so occurrences before it never count). */
async function givenStandingOrder(rule: Record<string, unknown>, createdAt = new Date('2026-01-01T00:00:00Z')) {
  const store = await givenStorefront()
  const fields = StandingOrderInput.parse({
    propertyId: store.property.id,
    vendorName: 'Weekly linen run',
    items: [{ productId: store.products[0]!.id, quantity: 6 }],
    ...rule,
  })
  const order = await createStandingOrder(store.organisation.id, fields, createdAt)
  await db.standingOrder.update({ where: { id: order.id }, data: { createdAt } })
  return { ...store, order }
}

const requestsOf = (organisationId: string) =>
  db.productRequest.findMany({ where: { organisationId }, include: { items: true, history: true }, orderBy: { createdAt: 'asc' } })

describe('the standing-order scheduler', () => {
  test('makes the due request once, with its items and the usual new-request notification', async () => {
    const { organisation, order, property } = await givenStandingOrder(
      { every: 'day', time: '08:00', timezone: 'America/New_York' },
      new Date('2026-03-02T10:00:00Z'),
    )
    await standingOrdersJob.run(new Date('2026-03-02T12:59:00Z')) // 07:59 EST: not yet
    expect(await requestsOf(organisation.id)).toHaveLength(0)
    await standingOrdersJob.run(new Date('2026-03-02T13:00:30Z'))
    const [request] = await requestsOf(organisation.id)
    expect(request).toMatchObject({ vendorName: 'Weekly linen run', propertyId: property.id, status: 'pending' })
    expect(request!.items.map((i) => i.quantity)).toEqual([6])
    expect(request!.history[0]!.note).toBe('Made by a standing order')
    expect((await notificationsOf(organisation.id, 'new_request')).map((n) => n.requestId)).toEqual([request!.id])
    const occurrence = await db.standingOrderOccurrence.findMany({ where: { standingOrderId: order.id } })
    expect(occurrence).toEqual([expect.objectContaining({ dueAt: new Date('2026-03-02T13:00:00Z'), requestId: request!.id, error: null })])
  })

  test('a restart (the job run again, minutes later) does not make the occurrence twice', async () => {
    const { organisation } = await givenStandingOrder({ every: 'week', weekday: 1, time: '07:30', timezone: 'America/New_York' })
    await runDueStandingOrders(new Date('2026-11-23T12:31:00Z'))
    await runDueStandingOrders(new Date('2026-11-23T12:32:00Z'))
    await runDueStandingOrders(new Date('2026-11-25T09:00:00Z'))
    expect(await requestsOf(organisation.id)).toHaveLength(1)
    await runDueStandingOrders(new Date('2026-11-30T12:30:00Z')) // the next Monday
    expect(await requestsOf(organisation.id)).toHaveLength(2)
  })

  test('two schedulers racing for the same occurrence make one request', async () => {
    const { organisation } = await givenStandingOrder({ every: 'day', time: '09:00', timezone: 'UTC' })
    const now = new Date('2026-05-05T09:00:05Z')
    const made = await Promise.all([runDueStandingOrders(now), runDueStandingOrders(now), runDueStandingOrders(now)])
    expect(made.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await requestsOf(organisation.id)).toHaveLength(1)
    expect(await db.sequence.findMany({ where: { organisationId: organisation.id } })).toEqual([expect.objectContaining({ value: 1 })])
  })

  test('follows local time across the spring and autumn changes: one request a day at 08:00 New York time', async () => {
    const { organisation, order } = await givenStandingOrder({ every: 'day', time: '08:00', timezone: 'America/New_York' })
    // Every 30 minutes from 6 to 10 March (the clocks jump on the 8th), then 30 Oct to 3 Nov (they fall back on 1 Nov).
    for (const [from, to] of [
      ['2026-03-06T00:00:00Z', '2026-03-10T00:00:00Z'],
      ['2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z'],
    ] as const) {
      for (let t = Date.parse(from); t < Date.parse(to); t += 30 * 60_000) await runDueStandingOrders(new Date(t))
    }
    const dues = (await db.standingOrderOccurrence.findMany({ where: { standingOrderId: order.id }, orderBy: { dueAt: 'asc' } })).map((o) =>
      o.dueAt.toISOString(),
    )
    // Each window's first run also catches up the occurrence just before it (the 5th, the 29th).
    expect(dues).toEqual([
      '2026-03-05T13:00:00.000Z',
      '2026-03-06T13:00:00.000Z',
      '2026-03-07T13:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
      '2026-10-29T12:00:00.000Z',
      '2026-10-30T12:00:00.000Z',
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ])
    expect(await requestsOf(organisation.id)).toHaveLength(10)
  })

  test('never makes an occurrence from before the order existed', async () => {
    const { organisation } = await givenStandingOrder({ every: 'month', dayOfMonth: 1, time: '06:00', timezone: 'UTC' }, new Date('2026-06-15T00:00:00Z'))
    await runDueStandingOrders(new Date('2026-06-20T00:00:00Z'))
    expect(await requestsOf(organisation.id)).toHaveLength(0)
    await runDueStandingOrders(new Date('2026-07-01T06:00:00Z'))
    expect(await requestsOf(organisation.id)).toHaveLength(1)
  })

  test('a product switched off since spends the occurrence with the reason, and is not retried every minute', async () => {
    const { organisation, order, products } = await givenStandingOrder({ every: 'day', time: '09:00', timezone: 'UTC' })
    await db.product.update({ where: { id: products[0]!.id }, data: { isActive: false } })
    await runDueStandingOrders(new Date('2026-05-05T09:01:00Z'))
    await runDueStandingOrders(new Date('2026-05-05T09:02:00Z'))
    expect(await requestsOf(organisation.id)).toHaveLength(0)
    const occurrences = await db.standingOrderOccurrence.findMany({ where: { standingOrderId: order.id } })
    expect(occurrences).toEqual([expect.objectContaining({ requestId: null, error: 'This product is not available at this property' })])
  })
})
