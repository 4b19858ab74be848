// The public /api/vendor surface (spec §7): what an anonymous caller can see and do.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenStorefront, notificationsOf } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

describe('GET /api/vendor/properties/:propertyId', () => {
  test('shows an active property’s id, name and address and nothing else', async () => {
    const { property } = await givenStorefront({ name: 'Harbor View' })
    const res = await app.client().get(`/api/vendor/properties/${property.id}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: property.id, name: 'Harbor View', address: property.address })
  })

  test('answers 404 for an unknown or inactive property', async () => {
    const { property } = await givenStorefront({ propertyActive: false })
    for (const id of [property.id, 'no-such-property', '00000000-0000-4000-8000-000000000000']) {
      const res = await app.client().get(`/api/vendor/properties/${id}`)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual({ error: 'Property not found' })
    }
  })
})

describe('GET /api/vendor/properties/:propertyId/products', () => {
  test('lists only the active products assigned to the property, without prices or organisation ids', async () => {
    const { property, organisation } = await givenStorefront({
      products: [
        { name: 'Mop', category: 'Cleaning', description: 'Cotton', price: '$30.00' },
        { name: 'Bleach', category: 'Cleaning', price: '$4.00' },
        { name: 'Old stock', isActive: false },
        { name: 'Elsewhere only', assigned: false },
      ],
    })
    // Another organisation's products, even assigned to a property of the same name, never show.
    await givenStorefront({ name: 'Harbor View Apartments', products: [{ name: 'Their product' }] })
    const res = await app.client().get(`/api/vendor/properties/${property.id}/products`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.map((p: { name: string }) => p.name)).toEqual(['Bleach', 'Mop'])
    for (const product of body) {
      expect(Object.keys(product).sort()).toEqual(['category', 'description', 'id', 'imageAlt', 'imageUrl', 'name', 'thumbnailUrl'])
    }
    const text = JSON.stringify(body)
    expect(text).not.toContain('$')
    expect(text).not.toContain(organisation.id)
  })

  test('answers 404 for an inactive property rather than listing its products', async () => {
    const { property } = await givenStorefront({ propertyActive: false })
    expect((await app.client().get(`/api/vendor/properties/${property.id}/products`)).status).toBe(404)
  })
})

describe('POST /api/vendor/qr/:propertyId/scan', () => {
  test('records a qr_scan notification for the property’s organisation, once per visit', async () => {
    const { property, organisation } = await givenStorefront({ name: 'Pier 9' })
    const other = await givenStorefront()
    const phone = app.client()
    const first = await phone.post(`/api/vendor/qr/${property.id}/scan`)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ counted: true })
    expect(await (await phone.post(`/api/vendor/qr/${property.id}/scan`)).json()).toEqual({ counted: false })
    await app.client().post(`/api/vendor/qr/${property.id}/scan`)
    const scans = await notificationsOf(organisation.id, 'qr_scan')
    expect(scans).toHaveLength(2)
    expect(scans[0]).toMatchObject({ propertyId: property.id, message: 'QR code scanned at Pier 9', isRead: false })
    expect(await notificationsOf(other.organisation.id)).toEqual([])
  })

  test('answers 404 for an unknown or inactive property and records nothing', async () => {
    const { property, organisation } = await givenStorefront({ propertyActive: false })
    expect((await app.client().post(`/api/vendor/qr/${property.id}/scan`)).status).toBe(404)
    expect((await app.client().post('/api/vendor/qr/nope/scan')).status).toBe(404)
    expect(await notificationsOf(organisation.id)).toEqual([])
  })
})

describe('POST /api/vendor/requests', () => {
  test('creates a pending request and answers 201 with its id, order number, status and tracking link', async () => {
    const { property, products, organisation } = await givenStorefront()
    const res = await app.client().post('/api/vendor/requests', {
      propertyId: property.id,
      vendorName: 'Maria Lopez',
      requestedProducts: [
        { productId: products[0]!.id, quantity: 2 },
        { productId: products[1]!.id, quantity: 1 },
      ],
      status: 'pending',
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toEqual({ id: expect.any(String), orderNumber: 'ORD-000001', status: 'pending', trackingUrl: expect.stringMatching(/\/track\/[\w-]{43}$/), handoverCode: expect.stringMatching(/^\d{4}$/) })
    const stored = await db.productRequest.findUniqueOrThrow({ where: { id: body.id }, include: { items: true } })
    expect(stored).toMatchObject({ organisationId: organisation.id, vendorName: 'Maria Lopez', status: 'pending' })
    expect(stored.items).toHaveLength(2)
    expect(await notificationsOf(organisation.id, 'new_request')).toHaveLength(1)

    const tracking = await app.client().get(new URL(body.trackingUrl).pathname)
    expect(tracking.status).toBe(200)
    expect(await tracking.text()).toContain('ORD-000001')
  })

  test('refuses bad input with 400, the spec’s messages per field, and stores nothing', async () => {
    const { property, products, organisation } = await givenStorefront({
      products: [{ name: 'Offered' }, { name: 'Switched off', isActive: false }],
    })
    const good = { propertyId: property.id, vendorName: 'Maria', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] }
    const cases: Array<[unknown, string, string]> = [
      [{ ...good, propertyId: undefined }, 'Property is required', 'propertyId'],
      [{ ...good, vendorName: '' }, 'Vendor name is required', 'vendorName'],
      [{ ...good, vendorName: '   ' }, 'Vendor name is required', 'vendorName'],
      [{ ...good, vendorName: 42 }, 'Vendor name is required', 'vendorName'],
      [{ ...good, requestedProducts: [] }, 'Add at least one product to the request', 'requestedProducts'],
      [{ ...good, requestedProducts: undefined }, 'Add at least one product to the request', 'requestedProducts'],
      [{ ...good, requestedProducts: [{ productId: products[0]!.id, quantity: 3 }] }, 'Quantity must be 1 or 2', 'requestedProducts.0.quantity'],
      [{ ...good, requestedProducts: [{ productId: products[0]!.id, quantity: 0 }] }, 'Quantity must be 1 or 2', 'requestedProducts.0.quantity'],
      [{ ...good, requestedProducts: [{ productId: products[0]!.id, quantity: '2' }] }, 'Quantity must be 1 or 2', 'requestedProducts.0.quantity'],
      [{ ...good, requestedProducts: [{ productId: products[1]!.id, quantity: 1 }] }, 'This product is not available at this property', 'requestedProducts.0.productId'],
      [{ ...good, status: 'completed' }, 'A vendor request always starts as pending', 'status'],
    ]
    for (const [body, message, field] of cases) {
      const res = await app.client().post('/api/vendor/requests', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = await res.json()
      expect(answer.error, JSON.stringify(body)).toBe(message)
      expect(answer.fieldErrors[field], JSON.stringify(body)).toContain(message)
    }
    const malformed = await app.client().fetch('/api/vendor/requests', { method: 'POST', body: '{not json', headers: { 'Content-Type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
    expect(await notificationsOf(organisation.id)).toEqual([])
  })

  test('answers 404 for an unknown or inactive property', async () => {
    const inactive = await givenStorefront({ propertyActive: false })
    const body = (propertyId: string) => ({ propertyId, vendorName: 'V', requestedProducts: [{ productId: inactive.products[0]!.id, quantity: 1 }] })
    expect((await app.client().post('/api/vendor/requests', body(inactive.property.id))).status).toBe(404)
    expect((await app.client().post('/api/vendor/requests', body('no-such-property'))).status).toBe(404)
  })

  test('cannot order another organisation’s product through this property', async () => {
    const mine = await givenStorefront()
    const theirs = await givenStorefront()
    const res = await app.client().post('/api/vendor/requests', {
      propertyId: mine.property.id,
      vendorName: 'V',
      requestedProducts: [{ productId: theirs.products[0]!.id, quantity: 1 }],
    })
    expect(res.status).toBe(400)
    expect(await db.productRequest.count({ where: { organisationId: { in: [mine.organisation.id, theirs.organisation.id] } } })).toBe(0)
  })

  test('refuses a filled honeypot field', async () => {
    const { property, products, organisation } = await givenStorefront()
    const res = await app.client().post('/api/vendor/requests', {
      propertyId: property.id,
      vendorName: 'Bot',
      requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
      website: 'http://spam.example',
    })
    expect(res.status).toBe(400)
    expect(await db.productRequest.count({ where: { organisationId: organisation.id } })).toBe(0)
  })
})

describe('a property whose QR code the manager switched off', () => {
  test('no longer shows its catalog or takes requests from the printed code', async () => {
    const { property, products } = await givenStorefront({ name: 'Retired Code House' })
    await db.property.update({ where: { id: property.id }, data: { qrCodeActive: false, qrCodeUrl: null } })
    const vendor = app.client()
    expect((await vendor.get(`/api/vendor/properties/${property.id}`)).status).toBe(404)
    expect((await vendor.get(`/api/vendor/properties/${property.id}/products`)).status).toBe(404)
    const res = await vendor.post('/api/vendor/requests', {
      propertyId: property.id,
      vendorName: 'Late Scanner',
      requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
      status: 'pending',
    })
    expect(res.status).toBe(404)
    expect(await db.productRequest.count({ where: { propertyId: property.id } })).toBe(0)
    const page = await vendor.get(`/vendor/${property.id}/request?lang=es`)
    expect(page.status).toBe(404)
  })
})
