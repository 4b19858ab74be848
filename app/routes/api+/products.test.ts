import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignedProduct, givenProduct, givenProperty, givenRequest } from '../../../tests/fixtures/catalog'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

/** A signed-in manager of a fresh organisation, and that organisation's id. */
async function manager(email: string) {
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}

const towels = {
  name: 'Paper Towels',
  category: 'Cleaning Supplies',
  description: 'Six-roll pack',
  price: '$12.50',
  imageUrl: '/images/3f1c2b9e-6a1d-4c1e-9b7a-1d2e3f4a5b6c.jpg',
  thumbnailUrl: '/images/8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d.jpg',
  imageAlt: 'A pack of paper towels',
  isActive: true,
}

describe('the product catalog API', () => {
  test('a new organisation starts with an empty catalog', async () => {
    const { client } = await manager('products-empty@x.test')
    const res = await client.get('/api/products')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
  })

  test('POST creates a product and answers 201 with it; it then shows in the list', async () => {
    const { client } = await manager('products-create@x.test')
    // Read first: the list kept from this read must not hide the product made next (decision 119).
    expect(await (await client.get('/api/products')).json()).toEqual([])
    const res = await client.post('/api/products', towels)
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({ ...towels, id: expect.any(String), createdAt: expect.any(String) })
    expect(await (await client.get('/api/products')).json()).toEqual([created])
    expect(await (await client.get(`/api/products/${created.id}`)).json()).toEqual({ ...created, translations: {} }) // one product answers with its translations (issue 15)
  })

  test('only a name is needed; a new product is active and its other fields empty', async () => {
    const { client } = await manager('products-minimal@x.test')
    const res = await client.post('/api/products', { name: '  Light Bulbs  ' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      name: 'Light Bulbs',
      category: null,
      description: null,
      price: null,
      imageUrl: null,
      thumbnailUrl: null,
      imageAlt: null,
      isActive: true,
    })
  })

  test('the list comes by category, then name', async () => {
    const { client } = await manager('products-order@x.test')
    for (const [name, category] of [
      ['Sponges', 'Cleaning'],
      ['Bleach', 'Cleaning'],
      ['Stapler', 'Office'],
      ['Hammer', 'Maintenance'],
    ]) {
      expect((await client.post('/api/products', { name, category })).status).toBe(201)
    }
    const list: { name: string }[] = await (await client.get('/api/products')).json()
    expect(list.map((p) => p.name)).toEqual(['Bleach', 'Sponges', 'Hammer', 'Stapler'])
  })

  test('a product without a name is refused with 400 and says why; nothing is created', async () => {
    const { client } = await manager('products-noname@x.test')
    for (const body of [{ category: 'Cleaning' }, { name: '   ' }]) {
      const res = await client.post('/api/products', body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        error: 'Product name is required',
        fieldErrors: { name: ['Product name is required'] },
      })
    }
    expect(await (await client.get('/api/products')).json()).toEqual([])
  })

  test('a price needs an amount, and image addresses must be our uploads or http(s)', async () => {
    const { client } = await manager('products-badfields@x.test')
    const price = await client.post('/api/products', { name: 'Mop', price: 'cheap' })
    expect(price.status).toBe(400)
    expect(await price.json()).toMatchObject({ fieldErrors: { price: ['Enter a price with an amount, e.g. $12.50'] } })

    for (const imageUrl of ['javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', '//evil.test/x.jpg', '/images/../secrets']) {
      const res = await client.post('/api/products', { name: 'Mop', imageUrl })
      expect(res.status, imageUrl).toBe(400)
      expect((await res.json()).fieldErrors.imageUrl).toEqual([expect.stringContaining('uploaded image')])
    }
    const thumb = await client.post('/api/products', { name: 'Mop', thumbnailUrl: 'javascript:alert(1)' })
    expect((await thumb.json()).fieldErrors).toHaveProperty('thumbnailUrl')

    const ok = await client.post('/api/products', { name: 'Mop', price: '€ 1.234,50', imageUrl: 'https://cdn.example.com/mop.jpg' })
    expect(ok.status).toBe(201)
    expect(await (await client.get('/api/products')).json()).toHaveLength(1)
  })

  test('malformed JSON and wrong types are bad input, not server errors', async () => {
    const { client } = await manager('products-badjson@x.test')
    const broken = await client.fetch('/api/products', { method: 'POST', body: '{"name":', headers: { 'Content-Type': 'application/json' } })
    expect(broken.status).toBe(400)
    expect((await broken.json()).error).toBe('Request body must be valid JSON.')
    const wrongType = await client.post('/api/products', { name: 'Mop', isActive: 'sometimes' })
    expect(wrongType.status).toBe(400)
    expect((await wrongType.json()).fieldErrors).toHaveProperty('isActive')
  })

  test('PUT replaces the whole product: fields left out are cleared', async () => {
    const { client } = await manager('products-put@x.test')
    const created = await (await client.post('/api/products', towels)).json()
    const res = await client.put(`/api/products/${created.id}`, { name: 'Kitchen Towels', price: '$9.99', isActive: false })
    expect(res.status).toBe(200)
    const updated = await res.json()
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Kitchen Towels',
      price: '$9.99',
      isActive: false,
      category: null,
      description: null,
      imageUrl: null,
      thumbnailUrl: null,
      imageAlt: null,
      createdAt: created.createdAt,
    })
    expect(await (await client.get(`/api/products/${created.id}`)).json()).toEqual(updated)
  })

  test('PUT still needs a name', async () => {
    const { client } = await manager('products-put-noname@x.test')
    const created = await (await client.post('/api/products', towels)).json()
    const res = await client.put(`/api/products/${created.id}`, { price: '$1' })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Product name is required')
    expect((await (await client.get(`/api/products/${created.id}`)).json()).name).toBe('Paper Towels')
  })

  test('PATCH changes only the fields sent', async () => {
    const { client } = await manager('products-patch@x.test')
    const created = await (await client.post('/api/products', towels)).json()
    const res = await client.patch(`/api/products/${created.id}`, { isActive: false })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ...towels, isActive: false })

    const cleared = await client.patch(`/api/products/${created.id}`, { description: '', imageUrl: null, thumbnailUrl: null })
    expect(await cleared.json()).toMatchObject({ name: 'Paper Towels', category: 'Cleaning Supplies', description: null, imageUrl: null, isActive: false })

    const blankName = await client.patch(`/api/products/${created.id}`, { name: '' })
    expect(blankName.status).toBe(400)
    expect((await blankName.json()).error).toBe('Product name is required')
  })

  test('DELETE removes the product', async () => {
    const { client } = await manager('products-delete@x.test')
    const created = await (await client.post('/api/products', towels)).json()
    const res = await client.delete(`/api/products/${created.id}`)
    expect(res.status).toBe(204)
    expect((await client.get(`/api/products/${created.id}`)).status).toBe(404)
    expect(await (await client.get('/api/products')).json()).toEqual([])
    expect((await client.delete(`/api/products/${created.id}`)).status).toBe(404)
  })

  test('a product that requests and properties use can be deleted: requests keep their line, properties lose it', async () => {
    const { client, orgId } = await manager('products-delete-used@x.test')
    const product = await givenProduct(orgId, { name: 'Trash Bags' })
    const property = await givenProperty(orgId)
    await givenAssignedProduct(orgId, property.id, product.id)
    const request = await givenRequest(orgId, { propertyId: property.id })
    const item = await db.requestItem.create({
      data: { organisationId: orgId, requestId: request.id, productId: product.id, productName: product.name, quantity: 2 },
    })

    expect((await client.delete(`/api/products/${product.id}`)).status).toBe(204)
    expect(await db.requestItem.findUnique({ where: { id: item.id } })).toMatchObject({ productId: null, productName: 'Trash Bags', quantity: 2 })
    expect(await db.propertyProduct.count({ where: { propertyId: property.id } })).toBe(0)
  })

  test("another organisation's product answers 404 to every verb and stays as it was", async () => {
    const owner = await manager('products-owner@x.test')
    const other = await manager('products-intruder@x.test')
    const theirs = await givenProduct(owner.orgId, { name: 'Private Stock', price: '$5' })
    const path = `/api/products/${theirs.id}`
    for (const res of [
      await other.client.get(path),
      await other.client.put(path, { name: 'Hijacked' }),
      await other.client.patch(path, { name: 'Hijacked' }),
      await other.client.delete(path),
    ]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'Product not found' })
    }
    expect(await (await other.client.get('/api/products')).json()).toEqual([])
    expect(await db.product.findUnique({ where: { id: theirs.id } })).toMatchObject({ name: 'Private Stock', price: '$5' })
  })

  test('a malformed id is simply not found', async () => {
    const { client } = await manager('products-badid@x.test')
    for (const res of [
      await client.get('/api/products/not-an-id'),
      await client.patch('/api/products/12345', { name: 'X' }),
      await client.delete("/api/products/'%20OR%201=1"),
    ]) {
      expect(res.status).toBe(404)
    }
  })

  test('without a session every route answers 401', async () => {
    const anonymous = app.client()
    expect((await anonymous.get('/api/products')).status).toBe(401)
    const res = await anonymous.post('/api/products', towels)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not authenticated' })
    expect((await anonymous.patch('/api/products/x', { name: 'y' })).status).toBe(401)
  })

  test('verbs a route does not serve answer 405', async () => {
    const { client } = await manager('products-405@x.test')
    expect((await client.put('/api/products', towels)).status).toBe(405)
    const created = await (await client.post('/api/products', towels)).json()
    expect((await client.post(`/api/products/${created.id}`, towels)).status).toBe(405)
  })
})
