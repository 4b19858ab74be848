// Standing orders from the property page, without JavaScript (plain form posts): seen, added, deleted.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `standing-page-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const { property, products } = await givenStockedSite(org.id, ['Glass Cleaner', 'Mop Heads'])
  return { client, orgId: org.id, property, products }
}

/** The form as the browser sends it: one quantity per stocked product, empty ones included. */
function orderForm(propertyId: string, products: Array<{ id: string }>, quantities: string[], fields: Record<string, string> = {}) {
  const form: Record<string, string> = { intent: 'standing-order-create', id: propertyId, vendorName: 'Monday linen', every: 'week', weekday: '1', dayOfMonth: '', time: '07:30', timezone: 'America/New_York', ...fields }
  products.forEach((p, i) => {
    form[`items[${i}].productId`] = p.id
    form[`items[${i}].quantity`] = quantities[i] ?? ''
  })
  return form
}

describe('standing orders on the property page', () => {
  test('a manager adds one with only the products given a quantity, sees it with its next run, and deletes it', async () => {
    const { client, orgId, property, products } = await manager()
    const empty = await (await client.get(`/properties?edit=${property.id}`)).text()
    expect(empty).toContain('Standing orders (0)')

    const res = await client.postForm(`/properties?edit=${property.id}`, orderForm(property.id, products, ['', '4']))
    expect(res.status).toBe(302)
    const order = await db.standingOrder.findFirstOrThrow({ where: { organisationId: orgId } })
    expect(order).toMatchObject({ propertyId: property.id, vendorName: 'Monday linen', every: 'week', weekday: 1, dayOfMonth: null, time: '07:30', timezone: 'America/New_York' })
    expect(JSON.parse(order.items)).toEqual([{ productId: products[1]!.id, quantity: 4 }])

    const page = await (await client.get(`/properties?edit=${property.id}`)).text()
    expect(page).toContain('Standing orders (1)')
    expect(page).toContain('Every Monday at 07:30 (America/New_York): Monday linen')
    expect(page).toContain('4 × Mop Heads')
    expect(page).toMatch(/Next: [A-Z][a-z]{2} \d{1,2}, \d{4}/)
    // The API reads the same order.
    expect((await (await client.get('/api/standing-orders')).json()).map((o: { id: string }) => o.id)).toEqual([order.id])

    const deleted = await client.postForm(`/properties?edit=${property.id}`, { intent: 'standing-order-delete', id: property.id, standingOrderId: order.id })
    expect(deleted.status).toBe(302)
    expect(await db.standingOrder.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('bad input answers 400 with the field messages on the page and stores nothing', async () => {
    const { client, orgId, property, products } = await manager()
    const cases: Array<[Record<string, string>, string]> = [
      [orderForm(property.id, products, ['', '']), 'Give a quantity for at least one product'],
      [orderForm(property.id, products, ['0', '']), 'Quantity must be between 1 and 99'],
      [orderForm(property.id, products, ['2', ''], { vendorName: '' }), 'Vendor name is required'],
      [orderForm(property.id, products, ['2', ''], { every: 'month' }), 'A monthly order needs a day of the month'],
      [orderForm(property.id, products, ['2', ''], { time: '25:00' }), 'Time must be HH:MM'],
      [orderForm(property.id, products, ['2', ''], { timezone: 'Mars/Olympus' }), 'Unknown time zone'],
    ]
    for (const [form, message] of cases) {
      const res = await client.postForm(`/properties?edit=${property.id}`, form)
      expect(res.status, message).toBe(400)
      expect(await res.text(), message).toContain(message)
    }
    expect(await db.standingOrder.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('another organisation’s property or order is out of reach', async () => {
    const a = await manager()
    const b = await manager()
    await b.client.postForm(`/properties?edit=${a.property.id}`, orderForm(a.property.id, a.products, ['3', '']))
    expect(await db.standingOrder.count({ where: { propertyId: a.property.id } })).toBe(0)
    await a.client.postForm(`/properties?edit=${a.property.id}`, orderForm(a.property.id, a.products, ['3', '']))
    const order = await db.standingOrder.findFirstOrThrow({ where: { propertyId: a.property.id } })
    const refused = await b.client.postForm(`/properties?edit=${b.property.id}`, { intent: 'standing-order-delete', id: b.property.id, standingOrderId: order.id })
    expect(refused.status).toBe(302)
    expect(await db.standingOrder.count({ where: { id: order.id } })).toBe(1)
    expect(await (await b.client.get(`/properties?edit=${b.property.id}`)).text()).not.toContain('Monday linen')
  })

  test('a forged, enormous property id goes back to the list instead of into the redirect (found by the fuzzer)', async () => {
    const { client } = await manager()
    for (const intent of ['standing-order-delete', 'standing-order-create', 'par-level', 'reorder', 'remove']) {
      const res = await client.postForm('/properties', { intent, id: 'x'.repeat(20_000), standingOrderId: 'y', productId: 'z', quantity: '1', parLevel: '1' })
      expect(res.status, intent).toBeLessThan(500)
      expect(res.headers.get('location') ?? '/properties', intent).toBe('/properties')
    }
  })
})
