import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenProduct } from '../../../tests/fixtures/catalog'
import { noisyPhoto, shellScript, sidewaysPhoto } from '../../../tests/fixtures/images'
import { organisationOf } from '../../../tests/fixtures/people'
import type { TestClient } from '../../../tests/support/client'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function manager(email: string) {
  const client = await app.signedIn(email)
  return { client, orgId: (await organisationOf(email)).id }
}

type Picture = { bytes: Buffer; name: string; type: string }

/** The add/edit dialog's multipart post, as a browser sends it (an empty file part when no photo is chosen). */
function productForm(fields: Record<string, string>, picture?: Picture) {
  const form = new FormData()
  form.append('isActive', 'false')
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (picture) form.append('image', new Blob([new Uint8Array(picture.bytes)], { type: picture.type }), picture.name)
  else form.append('image', new Blob([], { type: 'application/octet-stream' }), '')
  return form
}

async function postAndFollow(client: TestClient, path: string, body: FormData | URLSearchParams) {
  const res = await client.fetch(path, { method: 'POST', body })
  expect(res.status).toBe(302)
  const { res: page, path: landedOn } = await client.follow(res)
  return { html: await page.text(), landedOn }
}

describe('the Products page', () => {
  test('an empty catalog invites adding the first product', async () => {
    const { client } = await manager('page-products-empty@x.test')
    const html = await (await client.get('/products')).text()
    expect(html).toContain('No Products Found')
    expect(html).toContain('Add Product')
    expect(html).toContain('New Product')
  })

  test('products are grouped by category, blank ones under Uncategorized, with status and date', async () => {
    const { client, orgId } = await manager('page-products-list@x.test')
    await givenProduct(orgId, { name: 'Bleach', category: 'Cleaning', description: 'Kills germs', createdAt: new Date('2026-03-04T10:00:00Z') })
    await givenProduct(orgId, { name: 'Mystery Box', category: null, isActive: false })
    const html = await (await client.get('/products')).text()
    expect(html).toMatch(/Cleaning[\s\S]*Bleach[\s\S]*Kills germs[\s\S]*Added Mar 4, 2026[\s\S]*Uncategorized[\s\S]*Mystery Box[\s\S]*Inactive/)
    expect(html).not.toContain('No Products Found')
  })

  test('a visitor without a session is sent to sign in', async () => {
    const res = await app.client().get('/products')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fproducts')
  })

  test('adding a product with a photo: saved, re-encoded, and announced', async () => {
    const { client, orgId } = await manager('page-products-create@x.test')
    const photo = await noisyPhoto(3000, 2000)
    const { html, landedOn } = await postAndFollow(
      client,
      '/products?new',
      productForm(
        { intent: 'create', name: 'Paper Towels', category: 'Cleaning', description: 'Six rolls', price: '$12.50', imageAlt: 'Towels', isActive: 'true' },
        { bytes: photo, name: 'towels.jpg', type: 'image/jpeg' },
      ),
    )
    expect(landedOn).toBe('/products')
    expect(html).toContain('Product created successfully.')
    expect(html).toContain('Paper Towels')

    const [saved] = await db.product.findMany({ where: { organisationId: orgId } })
    expect(saved).toMatchObject({ name: 'Paper Towels', category: 'Cleaning', price: '$12.50', imageAlt: 'Towels', isActive: true })
    const image = await client.get(saved!.imageUrl!)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 1920, height: 1280 })
    const thumb = await client.get(saved!.thumbnailUrl!)
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 320 })
    expect(html).toContain(saved!.thumbnailUrl!)
  })

  test('a product without a name, or with a price without an amount, is sent back with the reasons', async () => {
    const { client, orgId } = await manager('page-products-invalid@x.test')
    const res = await client.fetch('/products?new', { method: 'POST', body: productForm({ intent: 'create', name: '', price: 'free' }) })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('Product name is required')
    expect(html).toContain('Enter a price with an amount, e.g. $12.50')
    expect(html).toContain('value="free"')
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('a file that is not a picture is refused as Invalid File and nothing is saved', async () => {
    const { client, orgId } = await manager('page-products-script@x.test')
    const res = await client.fetch('/products?new', {
      method: 'POST',
      body: productForm({ intent: 'create', name: 'Sneaky' }, { bytes: shellScript, name: 'photo.jpg', type: 'image/jpeg' }),
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('Invalid File')
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('a photo over 15 MB is refused with a message, and the dialog stays open', async () => {
    const { client, orgId } = await manager('page-products-huge@x.test')
    const { html, landedOn } = await postAndFollow(
      client,
      '/products?new',
      productForm({ intent: 'create', name: 'Huge' }, { bytes: Buffer.alloc(20 * 1024 * 1024, 1), name: 'huge.jpg', type: 'image/jpeg' }),
    )
    expect(landedOn).toMatch(/^\/products\?new/)
    expect(html).toContain('Failed to create product.')
    expect(html).toContain('at most 15 MB')
    expect(html).toContain('Add Product')
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('prices typed without a currency sign are saved and shown as dollars like the others', async () => {
    const { client, orgId } = await manager('page-products-price@x.test')
    for (const [name, price] of [['Mop', '12.5'], ['Broom', '12,50'], ['Bucket', '$12.50']]) {
      const { html } = await postAndFollow(client, '/products?new', productForm({ intent: 'create', name: name!, price: price!, isActive: 'true' }))
      expect(html).toContain('Product created successfully.')
    }
    const saved = await db.product.findMany({ where: { organisationId: orgId }, select: { price: true } })
    expect(saved.map((p) => p.price)).toEqual(['$12.50', '$12.50', '$12.50'])
    const page = await (await client.get('/products')).text()
    // Each card shows the price as written for people, never as typed.
    expect(page.match(/>\$12\.50</g)).toHaveLength(3)
    expect(page).not.toContain('>12.5<')
    expect(page).not.toContain('>12,50<')
  })

  test('the edit dialog opens filled in, and saving updates the product and keeps its photo', async () => {
    const { client, orgId } = await manager('page-products-edit@x.test')
    const product = await givenProduct(orgId, {
      name: 'Sponges',
      category: 'Cleaning',
      price: '$3',
      imageUrl: '/images/3f1c2b9e-6a1d-4c1e-9b7a-1d2e3f4a5b6c.jpg',
      thumbnailUrl: '/images/8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d.jpg',
    })
    const dialog = await (await client.get(`/products?edit=${product.id}`)).text()
    expect(dialog).toContain('Edit Product')
    expect(dialog).toContain('value="Sponges"')
    expect(dialog).toMatch(/<form[^>]+enctype="multipart\/form-data"/i)

    const { html } = await postAndFollow(
      client,
      `/products?edit=${product.id}`,
      productForm({ intent: 'update', id: product.id, name: 'Scrub Sponges', category: 'Kitchen', price: '$4.25' }),
    )
    expect(html).toContain('Product updated successfully.')
    expect(await db.product.findUnique({ where: { id: product.id } })).toMatchObject({
      name: 'Scrub Sponges',
      category: 'Kitchen',
      price: '$4.25',
      isActive: false,
      imageUrl: product.imageUrl,
      thumbnailUrl: product.thumbnailUrl,
    })
  })

  test('an edit can replace the photo, or remove it', async () => {
    const { client, orgId } = await manager('page-products-photo@x.test')
    const product = await givenProduct(orgId, { name: 'Gloves', imageUrl: 'https://cdn.example.com/old.jpg' })
    await postAndFollow(
      client,
      `/products?edit=${product.id}`,
      productForm({ intent: 'update', id: product.id, name: 'Gloves' }, { bytes: await sidewaysPhoto(), name: 'IMG_1.HEIC.jpg', type: 'image/jpeg' }),
    )
    const replaced = await db.product.findUniqueOrThrow({ where: { id: product.id } })
    expect(replaced.imageUrl).toMatch(/^\/images\//)
    expect((await client.get(replaced.imageUrl!)).status).toBe(200)

    await postAndFollow(client, `/products?edit=${product.id}`, productForm({ intent: 'update', id: product.id, name: 'Gloves', removeImage: 'true' }))
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ imageUrl: null, thumbnailUrl: null })
  })

  test('deleting asks first, then removes the product', async () => {
    const { client, orgId } = await manager('page-products-delete@x.test')
    const product = await givenProduct(orgId, { name: 'Old Stock' })
    const confirm = await (await client.get(`/products?delete=${product.id}`)).text()
    expect(confirm).toContain('Are you sure you want to delete this product?')

    const { html } = await postAndFollow(client, `/products?delete=${product.id}`, new URLSearchParams({ intent: 'delete', id: product.id }))
    expect(html).toContain('Product deleted successfully.')
    expect(await db.product.findUnique({ where: { id: product.id } })).toBeNull()
  })

  test("another organisation's product can be neither opened, changed nor deleted", async () => {
    const owner = await manager('page-products-owner@x.test')
    const intruder = await manager('page-products-intruder@x.test')
    const theirs = await givenProduct(owner.orgId, { name: 'Not Yours' })

    const open = await intruder.client.follow(await intruder.client.get(`/products?edit=${theirs.id}`))
    expect(open.path).toBe('/products')
    expect(await open.res.text()).toContain('Product not found')

    const update = await postAndFollow(intruder.client, `/products?edit=${theirs.id}`, productForm({ intent: 'update', id: theirs.id, name: 'Mine Now' }))
    expect(update.html).toContain('Failed to update product.')
    const remove = await postAndFollow(intruder.client, '/products', new URLSearchParams({ intent: 'delete', id: theirs.id }))
    expect(remove.html).toContain('Failed to delete product.')
    expect(await db.product.findUnique({ where: { id: theirs.id } })).toMatchObject({ name: 'Not Yours' })
  })
})
