import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenRequest } from '../../../tests/fixtures/catalog'
import { averageColour, imageForm, noisyPhoto, shellScript, sidewaysPhoto } from '../../../tests/fixtures/images'
import { organisationOf } from '../../../tests/fixtures/people'
import { MOCK_S3, MOCK_S3_ENV, mockBucketObjects } from '../../../tests/mocks/storage'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

const MB = 1024 * 1024

/** A runner of the organisation `ownerEmail` owns, and the token their portal link carries. */
async function givenRunnerWithToken(ownerEmail: string, fields: { isActive?: boolean } = {}) {
  const org = await organisationOf(ownerEmail)
  const token = newToken()
  const runner = await db.runner.create({
    data: { organisationId: org.id, name: 'Rita Runner', phone: '+15550100', tokenHash: hashToken(token), ...fields },
  })
  return { org, runner, token }
}

/** A delivery assigned to a runner, with the token its shareable /delivery link carries. */
async function givenDeliveryLink(ownerEmail: string) {
  const { org, runner } = await givenRunnerWithToken(ownerEmail)
  const request = await givenRequest(org.id)
  const token = newToken()
  await db.runnerAssignment.create({
    data: { organisationId: org.id, requestId: request.id, runnerId: runner.id, linkTokenHash: hashToken(token) },
  })
  return { org, token }
}

async function fetchImage(url: string) {
  const res = await app.client().get(url)
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('uploading a photo', () => {
  // Making and shrinking a noisy 12-megapixel photo is seconds of CPU: on a busy 2-core machine, more than the default 20 s.
  test('a 12-megapixel camera photo comes back at most 1920 px and 2 MB, with a thumbnail, cached for a year', { timeout: 60_000 }, async () => {
    const manager = await app.signedIn('upload-big@x.test')
    const photo = await noisyPhoto(4000, 3000)
    expect(photo.byteLength).toBeGreaterThan(8 * MB)

    const started = performance.now()
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(photo, 'IMG_0001.JPG') })
    const elapsed = performance.now() - started
    expect(res.status).toBe(201)
    const { imageUrl, thumbnailUrl } = await res.json()
    expect(imageUrl).toMatch(/^\/images\/[0-9a-f-]{36}\.jpg$/)
    expect(thumbnailUrl).toMatch(/^\/images\/[0-9a-f-]{36}\.jpg$/)
    expect(thumbnailUrl).not.toBe(imageUrl)

    const image = await fetchImage(imageUrl)
    expect(image.res.status).toBe(200)
    expect(image.res.headers.get('content-type')).toBe('image/jpeg')
    expect(image.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(image.bytes.byteLength).toBeLessThanOrEqual(2 * MB)
    const meta = await sharp(image.bytes).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1920, height: 1440 })

    const thumb = await fetchImage(thumbnailUrl)
    expect(thumb.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 })

    console.info(
      `12 MP upload: ${(photo.byteLength / MB).toFixed(1)} MB in, ${(image.bytes.byteLength / MB).toFixed(2)} MB + ${(thumb.bytes.byteLength / 1024).toFixed(0)} KB out, ${elapsed.toFixed(0)} ms`,
    )
  })

  test('a photo taken upright is stored upright, without its EXIF data (GPS position included)', async () => {
    const manager = await app.signedIn('upload-exif@x.test')
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(res.status).toBe(201)
    const { imageUrl } = await res.json()
    const { bytes } = await fetchImage(imageUrl)
    const meta = await sharp(bytes).metadata()
    expect(meta).toMatchObject({ width: 200, height: 400 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    const [r, , b] = await averageColour(bytes, { left: 50, top: 50, width: 100, height: 100 })
    expect(r).toBeGreaterThan(200)
    expect(b).toBeLessThan(60)
    const [r2, , b2] = await averageColour(bytes, { left: 50, top: 250, width: 100, height: 100 })
    expect(b2).toBeGreaterThan(200)
    expect(r2).toBeLessThan(60)
  })

  test('PNG screenshots are accepted and turned into JPEG', async () => {
    const manager = await app.signedIn('upload-png@x.test')
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer()
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(png, 'screen.png', 'image/png') })
    expect(res.status).toBe(201)
    const { bytes } = await fetchImage((await res.json()).imageUrl)
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
  })

  test('a shell script named like a photo is refused as an invalid file', async () => {
    const manager = await app.signedIn('upload-script@x.test')
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(shellScript, 'holiday.jpg', 'image/jpeg') })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Invalid File' })
  })

  test('a post without an image says so', async () => {
    const manager = await app.signedIn('upload-missing@x.test')
    const form = new FormData()
    form.append('notes', 'no photo here')
    const res = await manager.fetch('/api/upload', { method: 'POST', body: form })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('Please choose an image to upload.')
  })

  test('a 30 MB upload is refused with 413 and the server keeps answering', async () => {
    const manager = await app.signedIn('upload-huge@x.test')
    const huge = Buffer.alloc(30 * MB, 0xff)
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(huge, 'huge.jpg') })
    expect(res.status).toBe(413)
    expect((await res.json()).error).toMatch(/at most 15 MB/)

    const next = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(next.status).toBe(201)
    expect((await app.client().get('/healthcheck')).status).toBe(200)
  })

  test('an oversized upload that does not say its size is cut off while streaming, not read to the end', async () => {
    const manager = await app.signedIn('upload-chunked@x.test')
    const boundary = 'stockrun-test-boundary'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    )
    let sentMb = 0
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
      },
      pull(controller) {
        // Up to 200 MB in 1 MB chunks and no Content-Length: the server only finds out by counting.
        if (sentMb >= 200) return controller.close()
        sentMb++
        controller.enqueue(new Uint8Array(MB).fill(0xaa))
      },
    })
    const res = await manager.fetch('/api/upload', {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      // Node's fetch needs this to stream a request body.
      duplex: 'half',
    })
    expect(res.status).toBe(413)
    expect((await res.json()).error).toMatch(/at most 15 MB/)
    // The server stopped taking the body soon after 15 MB; what is left over is socket buffers.
    expect(sentMb).toBeLessThan(100)

    const next = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(next.status).toBe(201)
  })
})

describe('who may upload', () => {
  test('nobody without a session or token', async () => {
    const res = await app.client().fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not authenticated' })
  })

  test('a runner with their token, in the X-Runner-Token header', async () => {
    await app.signedIn('upload-runner-owner@x.test')
    const { token } = await givenRunnerWithToken('upload-runner-owner@x.test')
    const res = await app.client().fetch('/api/upload', {
      method: 'POST',
      body: imageForm(await sidewaysPhoto()),
      headers: { 'X-Runner-Token': token },
    })
    expect(res.status).toBe(201)
    expect((await fetchImage((await res.json()).imageUrl)).res.status).toBe(200)
  })

  test('whoever holds a delivery link, with its token in the query', async () => {
    await app.signedIn('upload-link-owner@x.test')
    const { token } = await givenDeliveryLink('upload-link-owner@x.test')
    const res = await app.client().fetch(`/api/upload?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      body: imageForm(await sidewaysPhoto()),
    })
    expect(res.status).toBe(201)
  })

  test('a wrong token, or a deactivated runner, is an invalid authentication token', async () => {
    await app.signedIn('upload-bad-token@x.test')
    const { token } = await givenRunnerWithToken('upload-bad-token@x.test', { isActive: false })
    for (const given of ['not-a-real-token', token]) {
      const res = await app.client().fetch('/api/upload', {
        method: 'POST',
        body: imageForm(await sidewaysPhoto()),
        headers: { 'X-Runner-Token': given },
      })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Invalid authentication token' })
    }
  })
})

describe('serving images', () => {
  test('an unknown or malformed image address is a 404', async () => {
    for (const url of ['/images/00000000-0000-4000-8000-000000000000.jpg', '/images/..%2F..%2Fpackage.json', '/images/nope.png']) {
      expect((await app.client().get(url)).status, url).toBe(404)
    }
  })
})

describe('storage drivers', () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  })

  test('local: images are files in STORAGE_DIR, served at /images', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockrun-images-'))
    try {
      Object.assign(process.env, { STORAGE_DRIVER: 'local', STORAGE_DIR: dir })
      const manager = await app.signedIn('upload-local@x.test')
      const before = await db.storedImage.count()
      const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
      expect(res.status).toBe(201)
      const { imageUrl, thumbnailUrl } = await res.json()
      const files = fs.readdirSync(dir).sort()
      expect(files).toEqual([path.basename(imageUrl), path.basename(thumbnailUrl)].sort())
      expect(await db.storedImage.count()).toBe(before)
      const { res: served, bytes } = await fetchImage(imageUrl)
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(bytes.equals(fs.readFileSync(path.join(dir, path.basename(imageUrl))))).toBe(true)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('s3: images go to the bucket, signed, and are served through /images', async () => {
    Object.assign(process.env, MOCK_S3_ENV)
    const manager = await app.signedIn('upload-s3@x.test')
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(res.status).toBe(201)
    const { imageUrl } = await res.json()
    const object = mockBucketObjects.get(`${MOCK_S3.bucket}/images/${path.basename(imageUrl)}`)
    expect(object).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'public, max-age=31536000, immutable' })
    const { res: served, bytes } = await fetchImage(imageUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(bytes.equals(Buffer.from(object!.body))).toBe(true)
  })

  test('s3 with a public bucket address: the image URLs point straight at the bucket', async () => {
    Object.assign(process.env, MOCK_S3_ENV, { S3_PUBLIC_URL: 'https://cdn.mock.stockrun.test' })
    const manager = await app.signedIn('upload-s3-public@x.test')
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(res.status).toBe(201)
    const { imageUrl, thumbnailUrl } = await res.json()
    expect(imageUrl).toMatch(/^https:\/\/cdn\.mock\.stockrun\.test\/images\/[0-9a-f-]{36}\.jpg$/)
    expect(thumbnailUrl).toMatch(/^https:\/\/cdn\.mock\.stockrun\.test\/images\//)
  })

  test('s3 with wrong credentials fails loudly instead of losing the photo', async () => {
    Object.assign(process.env, MOCK_S3_ENV, { S3_SECRET_ACCESS_KEY: 'wrong-secret' })
    const manager = await app.signedIn('upload-s3-wrong@x.test')
    const res = await manager.fetch('/api/upload', { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(res.status).toBe(500)
    expect((await res.json()).error).toEqual(expect.any(String))
  })
})
