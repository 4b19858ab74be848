// Par levels, reorder suggestions and standing orders over HTTP (issue 15).
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { givenDelivery } from '../../../tests/fixtures/stock'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `stock-api-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const { property, products } = await givenStockedSite(org.id, ['Glass Cleaner', 'Mop Heads'])
  return { client, orgId: org.id, property, products }
}

describe('par levels (PUT /api/properties/:id/products/:productId)', () => {
  test('sets and clears a par level, and the product list shows it', async () => {
    const { client, property, products } = await manager()
    const res = await client.put(`/api/properties/${property.id}/products/${products[0]!.id}`, { parLevel: 12 })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ propertyId: property.id, productId: products[0]!.id, parLevel: 12 })
    const list = await (await client.get(`/api/properties/${property.id}/products`)).json()
    expect(list.map((p: { name: string; parLevel: number | null }) => [p.name, p.parLevel])).toEqual([
      ['Glass Cleaner', 12],
      ['Mop Heads', null],
    ])
    expect((await client.put(`/api/properties/${property.id}/products/${products[0]!.id}`, { parLevel: null })).status).toBe(200)
    const after = await (await client.get(`/api/properties/${property.id}/products`)).json()
    expect(after[0].parLevel).toBeNull()
  })

  test('refuses anything but a whole number ≥ 0 or null, and changes nothing', async () => {
    const { client, property, products } = await manager()
    for (const parLevel of [-1, 1.5, '12', true]) {
      const res = await client.put(`/api/properties/${property.id}/products/${products[0]!.id}`, { parLevel })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: expect.stringContaining('Par level'), fieldErrors: { parLevel: [expect.any(String)] } })
    }
    expect((await client.put(`/api/properties/${property.id}/products/${products[0]!.id}`, {})).status).toBe(400)
    expect((await db.propertyProduct.findFirstOrThrow({ where: { productId: products[0]!.id } })).parLevel).toBeNull()
  })

  test('another organisation’s property, or a product not assigned, answers 404', async () => {
    const a = await manager()
    const b = await manager()
    const res = await b.client.put(`/api/properties/${a.property.id}/products/${a.products[0]!.id}`, { parLevel: 3 })
    expect(res.status).toBe(404)
    expect((await a.client.put(`/api/properties/${a.property.id}/products/${b.products[0]!.id}`, { parLevel: 3 })).status).toBe(404)
    expect((await db.propertyProduct.findFirstOrThrow({ where: { productId: a.products[0]!.id } })).parLevel).toBeNull()
  })

  test('without a session answers 401', async () => {
    expect((await app.client().put('/api/properties/x/products/y', { parLevel: 1 })).status).toBe(401)
  })
})

describe('reorder suggestions (GET /api/properties/:id/reorder-suggestions)', () => {
  test('suggests the par level without history, and a refill for what runs out this week', async () => {
    const { client, orgId, property, products } = await manager()
    const [glass, mop] = products as [(typeof products)[0], (typeof products)[0]]
    await db.propertyProduct.updateMany({ where: { propertyId: property.id }, data: { createdAt: new Date(Date.now() - 200 * 86_400_000) } })
    await client.put(`/api/properties/${property.id}/products/${mop.id}`, { parLevel: 6 })
    const deliveredAt = new Date(Date.now() - 11.5 * 86_400_000)
    await givenDelivery(orgId, { propertyId: property.id, products: [{ id: glass.id, name: glass.name, quantity: 90 }], deliveredAt })
    const res = await client.get(`/api/properties/${property.id}/reorder-suggestions`)
    expect(res.status).toBe(200)
    // 90 in 90 days = 1 a day; no par level: target two weeks = 14, 11½ used → 2½ left, less than a week: refill 12.
    expect(await res.json()).toEqual([
      { productId: glass.id, productName: 'Glass Cleaner', parLevel: null, averageDailyUse: 1, lastDeliveredAt: deliveredAt.toISOString(), suggestedQuantity: 12, reason: 'runs_out_this_week' },
      { productId: mop.id, productName: 'Mop Heads', parLevel: 6, averageDailyUse: 0, lastDeliveredAt: null, suggestedQuantity: 6, reason: 'no_history' },
    ])
  })

  test('another organisation’s property answers 404, no session 401', async () => {
    const a = await manager()
    const b = await manager()
    expect((await b.client.get(`/api/properties/${a.property.id}/reorder-suggestions`)).status).toBe(404)
    expect((await app.client().get(`/api/properties/${a.property.id}/reorder-suggestions`)).status).toBe(401)
  })
})

describe('standing orders (/api/standing-orders)', () => {
  const weekly = (propertyId: string, productId: string) => ({
    propertyId,
    vendorName: 'Monday linen',
    items: [{ productId, quantity: 4 }],
    every: 'week',
    weekday: 1,
    time: '07:30',
    timezone: 'America/New_York',
  })

  test('creates (201), lists with the next run, and deletes (204)', async () => {
    const { client, property, products } = await manager()
    const res = await client.post('/api/standing-orders', weekly(property.id, products[0]!.id))
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({
      id: expect.any(String),
      propertyId: property.id,
      propertyName: property.name,
      vendorName: 'Monday linen',
      items: [{ productId: products[0]!.id, quantity: 4 }],
      every: 'week',
      weekday: 1,
      dayOfMonth: null,
      time: '07:30',
      timezone: 'America/New_York',
    })
    expect(new Date(created.nextRunAt).getTime()).toBeGreaterThan(Date.now())
    expect((await (await client.get('/api/standing-orders')).json()).map((o: { id: string }) => o.id)).toEqual([created.id])
    expect((await client.delete(`/api/standing-orders/${created.id}`)).status).toBe(204)
    expect(await (await client.get('/api/standing-orders')).json()).toEqual([])
  })

  test('refuses bad input with field messages and stores nothing', async () => {
    const { client, property, products } = await manager()
    const base = weekly(property.id, products[0]!.id)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, weekday: undefined }, 'weekday'],
      [{ ...base, every: 'month' }, 'dayOfMonth'],
      [{ ...base, every: 'hourly' }, 'every'],
      [{ ...base, time: '24:00' }, 'time'],
      [{ ...base, timezone: 'Mars/Olympus' }, 'timezone'],
      [{ ...base, items: [] }, 'items'],
      [{ ...base, items: [{ productId: products[0]!.id, quantity: 0 }] }, 'items.0.quantity'],
      [{ ...base, vendorName: ' ' }, 'vendorName'],
      [{ ...base, items: [{ productId: 'not-assigned', quantity: 1 }] }, 'items.0.productId'],
    ]
    for (const [body, field] of cases) {
      const res = await client.post('/api/standing-orders', body)
      expect(res.status, field).toBe(400)
      expect(Object.keys((await res.json()).fieldErrors), field).toContain(field)
    }
    expect((await client.fetch('/api/standing-orders', { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } })).status).toBe(400)
    expect(await (await client.get('/api/standing-orders')).json()).toEqual([])
  })

  test('keeps organisations apart: another’s property is 404, its orders are neither listed nor deletable', async () => {
    const a = await manager()
    const b = await manager()
    expect((await b.client.post('/api/standing-orders', weekly(a.property.id, a.products[0]!.id))).status).toBe(404)
    const created = await (await a.client.post('/api/standing-orders', weekly(a.property.id, a.products[0]!.id))).json()
    expect(await (await b.client.get('/api/standing-orders')).json()).toEqual([])
    expect((await b.client.delete(`/api/standing-orders/${created.id}`)).status).toBe(404)
    expect(await db.standingOrder.count({ where: { id: created.id } })).toBe(1)
    expect((await app.client().get('/api/standing-orders')).status).toBe(401)
  })
})

describe('the property page and the dashboard, without JavaScript (form posts)', () => {
  test('a par level saved from the property page shows as a suggestion on the page and on the dashboard', async () => {
    const { client, property, products } = await manager()
    const saved = await client.postForm(`/properties?edit=${property.id}`, { intent: 'par-level', id: property.id, productId: products[1]!.id, parLevel: '5' })
    expect(saved.status).toBe(302)
    expect((await db.propertyProduct.findFirstOrThrow({ where: { productId: products[1]!.id } })).parLevel).toBe(5)
    const page = await (await client.get(`/properties?edit=${property.id}`)).text()
    expect(page).toContain('Reorder suggestions (1)')
    expect(page).toContain('Request 5')
    const dashboard = await (await client.get('/')).text()
    expect(dashboard).toContain('1 property likely to run out this week')
  })

  test('a bad par level changes nothing and says why', async () => {
    const { client, property, products } = await manager()
    const res = await client.postForm(`/properties?edit=${property.id}`, { intent: 'par-level', id: property.id, productId: products[0]!.id, parLevel: '-3' })
    expect(res.status).toBe(302)
    expect((await db.propertyProduct.findFirstOrThrow({ where: { productId: products[0]!.id } })).parLevel).toBeNull()
  })

  test('one click on a suggestion makes a pending request for that quantity, with the usual notification', async () => {
    const { client, orgId, property, products } = await manager()
    const res = await client.postForm(`/properties?edit=${property.id}`, { intent: 'reorder', id: property.id, productId: products[0]!.id, quantity: '7' })
    expect(res.status).toBe(302)
    const request = await db.productRequest.findFirstOrThrow({ where: { organisationId: orgId }, include: { items: true } })
    expect(request).toMatchObject({ status: 'pending', propertyId: property.id })
    expect(request.items.map((i) => [i.productId, i.quantity])).toEqual([[products[0]!.id, 7]])
    expect(await db.notification.count({ where: { organisationId: orgId, type: 'new_request', requestId: request.id } })).toBe(1)
  })

  test('another organisation’s property cannot be reordered for', async () => {
    const a = await manager()
    const b = await manager()
    await b.client.postForm(`/properties?edit=${a.property.id}`, { intent: 'reorder', id: a.property.id, productId: a.products[0]!.id, quantity: '2' })
    await b.client.postForm(`/properties?edit=${a.property.id}`, { intent: 'par-level', id: a.property.id, productId: a.products[0]!.id, parLevel: '9' })
    expect(await db.productRequest.count({ where: { propertyId: a.property.id } })).toBe(0)
    expect((await db.propertyProduct.findFirstOrThrow({ where: { productId: a.products[0]!.id } })).parLevel).toBeNull()
  })
})
