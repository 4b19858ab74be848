import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { imageForm } from '../../tests/fixtures/images'
import { givenStorefront, notificationsOf } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'
import sharp from 'sharp'

const app = withTestServer({ abuseLimits: { scansPerMinute: 3, uploadsPerMinute: 2 } })

const MB = 1024 * 1024

test('scans past the limit get 429 and notify nobody; another property is not affected', async () => {
  const { organisation, property } = await givenStorefront()
  const other = await givenStorefront({ organisationId: organisation.id, name: 'Next Door' })
  // Without the visit cookie every post would be a new scan: a script could flood the managers.
  const statuses = []
  for (let i = 0; i < 6; i++) statuses.push((await app.client().post(`/api/vendor/qr/${property.id}/scan`)).status)
  expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
  const limited = await app.client().post(`/api/vendor/qr/${property.id}/scan`)
  expect(await limited.json()).toEqual({ error: expect.stringContaining('Too many requests') })
  expect(limited.headers.get('ratelimit')).toBeTruthy()
  expect(await notificationsOf(organisation.id, 'qr_scan')).toHaveLength(3)
  expect((await app.client().post(`/api/vendor/qr/${other.property.id}/scan`)).status).toBe(200)
})

test('uploads past the limit get 429 before the photo is decoded', async () => {
  const manager = await app.signedIn('upload-limit@x.test')
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888888' } }).jpeg().toBuffer()
  const before = await db.storedImage.count()
  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await manager.fetch('/api/upload', { method: 'POST', body: imageForm(photo) })).status)
  expect(statuses).toEqual([201, 201, 429])
  expect(await db.storedImage.count()).toBe(before + 4) // two photos and their thumbnails
})

test('a JSON body over 1 MB gets a clear 413 before it is read, and nothing changes', async () => {
  const manager = await app.signedIn('big-body@x.test')
  const before = await db.product.count()
  const res = await manager.post('/api/products', { name: 'Mop', description: 'x'.repeat(2 * MB) })
  expect(res.status).toBe(413)
  expect(await res.json()).toEqual({ error: 'The request is too large: at most 1 MB may be sent here.' })
  expect(await db.product.count()).toBe(before)
  expect((await manager.post('/api/products', { name: 'Mop' })).status).toBe(201)
})

test('a page form over 1 MB gets a 413 page that says why', async () => {
  const manager = await app.signedIn('big-form@x.test')
  const res = await manager.postForm('/settings', { intent: 'preferences', smsPhone: '1'.repeat(2 * MB) })
  expect(res.status).toBe(413)
  expect(res.headers.get('content-type')).toMatch(/text\/html/)
  const page = await res.text()
  expect(page).toContain('<title>Too large · Stockrun</title>')
  expect(page).toContain('<html lang="en">')
  expect(page).toContain('The request is too large: at most 1 MB may be sent here.')
})

test('a JSON body of unknown length is refused with 411 (photo uploads may stream: their reader cuts them off)', async () => {
  const manager = await app.signedIn('chunked@x.test')
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(JSON.stringify({ name: 'Streamed Mop' })))
      controller.close()
    },
  })
  const res = await manager.fetch('/api/products', { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit)
  expect(res.status).toBe(411)
  expect(await res.json()).toEqual({ error: expect.stringContaining('Content-Length') })
})

test('an oversized photo on a page form is left to the form, which explains it in place', async () => {
  const manager = await app.signedIn('big-photo-form@x.test')
  const form = imageForm(Buffer.alloc(16 * MB, 0xff), 'huge.jpg', 'image/jpeg', 'image')
  form.append('intent', 'create')
  form.append('name', 'Huge Mop')
  const res = await manager.fetch('/products', { method: 'POST', body: form })
  expect(res.status).not.toBe(413)
  expect(await db.product.count({ where: { name: 'Huge Mop' } })).toBe(0)
})
