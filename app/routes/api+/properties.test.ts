import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignedProduct, givenProduct, givenProperty, givenRequest, givenRunnerAssignment } from '../../../tests/fixtures/catalog'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
/** A manager with an organisation of their own. */
async function manager() {
  const email = `props-api-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

describe('listing properties (GET /api/properties)', () => {
  test('answers the organisation’s properties as an array, newest first', async () => {
    const { client, orgId } = await manager()
    await givenProperty(orgId, { name: 'Older', createdAt: new Date(Date.now() - 86_400_000) })
    await givenProperty(orgId, { name: 'Newer' })
    const res = await client.get('/api/properties')
    expect(res.status).toBe(200)
    const list = await res.json()
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Newer', 'Older'])
    expect(list[0]).toMatchObject({ isActive: true, qrCodeActive: false, qrCodeUrl: null, createdAt: expect.any(String) })
  })

  test('never shows another organisation’s properties', async () => {
    const a = await manager()
    const b = await manager()
    await givenProperty(a.orgId, { name: 'Only for A' })
    expect(await (await b.client.get('/api/properties')).json()).toEqual([])
  })

  test('without a session answers 401', async () => {
    const res = await app.client().get('/api/properties')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not authenticated' })
  })
})

describe('creating a property (POST /api/properties)', () => {
  test('answers 201 with the property and its QR code URL already made', async () => {
    const { client } = await manager()
    const res = await client.post('/api/properties', { name: 'Harbor View', address: '12 Pier Rd', isActive: true, qrCodeActive: true })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({ name: 'Harbor View', address: '12 Pier Rd', isActive: true, qrCodeActive: true })
    expect(created.qrCodeUrl).toBe(`${app.url}/vendor/${created.id}`)
    expect(new Date(created.qrCodeGeneratedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const list = await (await client.get('/api/properties')).json()
    expect(list.map((p: { id: string }) => p.id)).toEqual([created.id])
  })

  test('defaults to an active property whose QR code is off', async () => {
    const { client } = await manager()
    const res = await client.post('/api/properties', { name: 'Defaults', address: '1 Way' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ isActive: true, qrCodeActive: false })
  })

  test('refuses a missing name or address with the field messages, and creates nothing', async () => {
    const { client } = await manager()
    const res = await client.post('/api/properties', { name: '  ', address: '', isActive: true, qrCodeActive: false })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'Property name is required',
      fieldErrors: { name: ['Property name is required'], address: ['Address is required'] },
    })
    const missing = await client.post('/api/properties', { name: 'No address' })
    expect((await missing.json()).fieldErrors).toEqual({ address: ['Address is required'] })
    expect(await (await client.get('/api/properties')).json()).toEqual([])
  })

  test('refuses wrong types and malformed JSON with 400', async () => {
    const { client } = await manager()
    const wrong = await client.post('/api/properties', { name: 'X', address: 'Y', isActive: 'yes' })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).fieldErrors.isActive).toEqual(['Must be true or false'])
    const broken = await client.fetch('/api/properties', { method: 'POST', body: '{"name":', headers: { 'Content-Type': 'application/json' } })
    expect(broken.status).toBe(400)
    expect((await broken.json()).error).toBe('Request body must be valid JSON.')
  })
})

describe('reading and updating a property (GET and PUT /api/properties/:id)', () => {
  test('changes the fields sent and answers the updated property', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Before', address: 'Old St' })
    const res = await client.put(`/api/properties/${property.id}`, { name: 'After', address: 'Old St', isActive: false, qrCodeActive: false })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: property.id, name: 'After', isActive: false })
    expect(await (await client.get(`/api/properties/${property.id}`)).json()).toMatchObject({ name: 'After', isActive: false })
  })

  test('deactivates the QR code with the spec’s shape, clearing its URL and time', async () => {
    const { client } = await manager()
    const created = await (await client.post('/api/properties', { name: 'QR', address: 'A', qrCodeActive: true })).json()
    const res = await client.put(`/api/properties/${created.id}`, { qrCodeActive: false, qrCodeUrl: null, qrCodeGeneratedAt: null })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ name: 'QR', qrCodeActive: false, qrCodeUrl: null, qrCodeGeneratedAt: null })
  })

  test('activating a QR code that has no URL makes one', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const res = await client.put(`/api/properties/${property.id}`, { qrCodeActive: true })
    expect(await res.json()).toMatchObject({ qrCodeActive: true, qrCodeUrl: `${app.url}/vendor/${property.id}`, qrCodeGeneratedAt: expect.any(String) })
  })

  test('stores a QR URL with its generated time', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const at = '2026-03-01T10:00:00.000Z'
    const res = await client.put(`/api/properties/${property.id}`, { qrCodeUrl: 'https://stock.example/vendor/x', qrCodeGeneratedAt: at })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ qrCodeUrl: 'https://stock.example/vendor/x', qrCodeGeneratedAt: at, name: property.name })
  })

  test('refuses a QR URL that is not http(s), an empty name and an empty change', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    for (const [body, message] of [
      [{ qrCodeUrl: 'javascript:alert(1)', qrCodeGeneratedAt: null }, 'QR code URL must be an http(s) URL'],
      [{ name: '' }, 'Property name is required'],
      [{}, 'Send at least one field to change'],
    ] as const) {
      const res = await client.put(`/api/properties/${property.id}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json()).error).toBe(message)
    }
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).qrCodeUrl).toBeNull()
  })

  test('a changed address forgets the old coordinates; an unchanged one keeps them', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { address: '1 Elm St', latitude: 40.7, longitude: -73.9, geocodedAddress: '1 Elm St' })
    await client.put(`/api/properties/${property.id}`, { name: 'Renamed', address: '1 Elm St' })
    expect(await db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ latitude: 40.7, geocodedAddress: '1 Elm St' })
    await client.put(`/api/properties/${property.id}`, { address: '2 Oak Ave' })
    expect(await db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({
      address: '2 Oak Ave',
      latitude: null,
      longitude: null,
      geocodedAddress: null,
    })
  })

  test('another organisation’s property, an unknown id and a malformed id answer 404 and change nothing', async () => {
    const a = await manager()
    const b = await manager()
    const property = await givenProperty(a.orgId, { name: 'A’s' })
    for (const id of [property.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await b.client.get(`/api/properties/${id}`)).status).toBe(404)
      const put = await b.client.put(`/api/properties/${id}`, { name: 'Taken' })
      expect(put.status).toBe(404)
      expect(await put.json()).toEqual({ error: 'Property not found' })
      expect((await b.client.delete(`/api/properties/${id}`)).status).toBe(404)
    }
    expect(await db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ name: 'A’s' })
  })
})

describe('deleting a property (DELETE /api/properties/:id)', () => {
  test('removes it, together with its product assignments', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const product = await givenProduct(orgId)
    await givenAssignedProduct(orgId, property.id, product.id)
    const res = await client.delete(`/api/properties/${property.id}`)
    expect(res.status).toBe(204)
    expect((await client.get(`/api/properties/${property.id}`)).status).toBe(404)
    expect(await db.propertyProduct.count({ where: { propertyId: property.id } })).toBe(0)
    expect(await db.product.count({ where: { id: product.id } })).toBe(1)
  })

  test('refuses with 409 while requests and runner assignments refer to it, and says why', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const request = await givenRequest(orgId, { propertyId: property.id })
    await givenRequest(orgId, { propertyId: property.id })
    await givenRunnerAssignment(orgId, request.id)
    const res = await client.delete(`/api/properties/${property.id}`)
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body).toMatchObject({
      error: 'Property has connected data that prevents deletion.',
      message: 'Property has connected data that prevents deletion.',
      blocking: { requests: 2, assignments: 1 },
    })
    expect(body.suggestions[0]).toBe('Deactivate the property instead of deleting it.')
    expect((await client.get(`/api/properties/${property.id}`)).status).toBe(200)
  })
})

describe('a property’s products (/api/properties/:id/products)', () => {
  test('assigning answers 201; the list shows the assigned products as product objects', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const soap = await givenProduct(orgId, { name: 'Soap', category: 'Cleaning', price: '$2.00' })
    await givenProduct(orgId, { name: 'Not assigned' })
    const res = await client.post(`/api/properties/${property.id}/products`, { productId: soap.id })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ propertyId: property.id, productId: soap.id, alreadyAssigned: false })
    const list = await (await client.get(`/api/properties/${property.id}/products`)).json()
    expect(list).toEqual([expect.objectContaining({ id: soap.id, name: 'Soap', category: 'Cleaning', price: '$2.00', isActive: true })])
  })

  test('an already-assigned product is skipped: 200 with the existing assignment', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const product = await givenProduct(orgId)
    const first = await (await client.post(`/api/properties/${property.id}/products`, { productId: product.id })).json()
    const again = await client.post(`/api/properties/${property.id}/products`, { productId: product.id })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ id: first.id, alreadyAssigned: true })
    expect(await (await client.get(`/api/properties/${property.id}/products`)).json()).toHaveLength(1)
  })

  test('needs a productId', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const res = await client.post(`/api/properties/${property.id}/products`, {})
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Product is required', fieldErrors: { productId: ['Product is required'] } })
  })

  test('another organisation’s property or product answers 404 and assigns nothing', async () => {
    const a = await manager()
    const b = await manager()
    const aProperty = await givenProperty(a.orgId)
    const aProduct = await givenProduct(a.orgId)
    const bProperty = await givenProperty(b.orgId)
    const bProduct = await givenProduct(b.orgId)
    const foreignProduct = await b.client.post(`/api/properties/${bProperty.id}/products`, { productId: aProduct.id })
    expect(foreignProduct.status).toBe(404)
    expect(await foreignProduct.json()).toEqual({ error: 'Product not found' })
    expect((await b.client.post(`/api/properties/${aProperty.id}/products`, { productId: bProduct.id })).status).toBe(404)
    expect((await b.client.get(`/api/properties/${aProperty.id}/products`)).status).toBe(404)
    expect(await db.propertyProduct.count({ where: { propertyId: { in: [aProperty.id, bProperty.id] } } })).toBe(0)
  })

  test('removing an assignment answers 204; removing it again, or from another organisation, 404', async () => {
    const a = await manager()
    const b = await manager()
    const property = await givenProperty(a.orgId)
    const product = await givenProduct(a.orgId)
    await givenAssignedProduct(a.orgId, property.id, product.id)
    expect((await b.client.delete(`/api/properties/${property.id}/products/${product.id}`)).status).toBe(404)
    expect(await db.propertyProduct.count({ where: { propertyId: property.id } })).toBe(1)
    expect((await a.client.delete(`/api/properties/${property.id}/products/${product.id}`)).status).toBe(204)
    expect(await (await a.client.get(`/api/properties/${property.id}/products`)).json()).toEqual([])
    expect((await a.client.delete(`/api/properties/${property.id}/products/${product.id}`)).status).toBe(404)
    expect(await db.product.count({ where: { id: product.id } })).toBe(1)
  })
})

describe('searching properties', () => {
  test('matches name or address, ignoring case (also beyond ASCII)', async () => {
    const { client, orgId } = await manager()
    await givenProperty(orgId, { name: 'Harbor View', address: '12 Pier Rd' })
    await givenProperty(orgId, { name: 'Maple Court', address: '9 HARBOR Lane' })
    await givenProperty(orgId, { name: 'Élysée Plaza', address: '3 Rue Royale' })
    await givenProperty(orgId, { name: 'Elsewhere', address: 'Nowhere' })
    const names = async (q: string) =>
      ((await (await client.get(`/api/properties?search=${encodeURIComponent(q)}`)).json()) as { name: string }[]).map((p) => p.name).sort()
    expect(await names('harbor')).toEqual(['Harbor View', 'Maple Court'])
    expect(await names('ÉLYSÉE')).toEqual(['Élysée Plaza'])
    expect(await names('rue roy')).toEqual(['Élysée Plaza'])
    expect(await names('zzz')).toEqual([])
    expect(await names('  ')).toHaveLength(4)
  })
})
