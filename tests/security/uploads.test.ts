// Uploads are judged by their content, never by their name or declared type (issue 14 §4).
import zlib from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { imageForm, sidewaysPhoto } from '../fixtures/images'
import { withTestServer } from '../support/server'

const app = withTestServer()

function crc32(bytes: Buffer) {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG of a few hundred bytes whose header declares 50,000 × 50,000 pixels (7.5 GB once decoded). */
function pngBomb(width = 50_000, height = 50_000) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, no filter, no interlace
  const rows = zlib.deflateSync(Buffer.alloc(64 * 1024))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))])
}

async function upload(client: Awaited<ReturnType<typeof app.signedIn>>, bytes: Buffer, name: string, type: string) {
  return client.fetch('/api/upload', { method: 'POST', body: imageForm(bytes, name, type) })
}

describe('uploads', () => {
  test('a tiny PNG declaring 50,000 × 50,000 pixels is refused at once, without decoding it', async () => {
    const manager = await app.signedIn('bomb@x.test')
    const bomb = pngBomb()
    expect(bomb.byteLength).toBeLessThan(1024)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 50_000, height: 50_000 })
    const rssBefore = process.memoryUsage().rss
    const started = performance.now()
    const res = await upload(manager, bomb, 'cute-cat.png', 'image/png')
    const ms = performance.now() - started
    const grewMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024
    console.info(`[uploads] 50,000×50,000 PNG bomb (${bomb.byteLength} bytes) refused in ${ms.toFixed(0)} ms, resident memory +${grewMb.toFixed(0)} MB`)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Invalid File', fieldErrors: { image: ['Invalid File'] } })
    expect(ms).toBeLessThan(2_000)
    // Decoding would need 7.5 GB; refusing from the header needs next to nothing.
    expect(grewMb).toBeLessThan(200)
    expect((await app.client().get('/healthcheck')).status).toBe(200)
  })

  test('SVG is refused whatever it is called, scripts and all', async () => {
    const manager = await app.signedIn('svg@x.test')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64"/></svg>')
    for (const [name, type] of [['logo.svg', 'image/svg+xml'], ['photo.png', 'image/png'], ['photo.jpg', 'image/jpeg']] as const) {
      const res = await upload(manager, svg, name, type)
      expect(res.status, name).toBe(400)
      expect((await res.json()).error).toBe('Invalid File')
    }
  })

  test('a real photo with a misleading name and type is judged by its content and stored as a JPEG', async () => {
    const manager = await app.signedIn('sniff@x.test')
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#208040' } }).png().toBuffer()
    const res = await upload(manager, png, 'notes.txt', 'text/plain')
    expect(res.status).toBe(201)
    const { imageUrl } = await res.json()
    const served = await app.client().get(imageUrl)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
  })

  test('GPS and every other EXIF field are stripped from the photo and its thumbnail', async () => {
    const manager = await app.signedIn('gps@x.test')
    const photo = await sidewaysPhoto()
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('N')
    const res = await upload(manager, photo, 'IMG_0001.jpg', 'image/jpeg')
    expect(res.status).toBe(201)
    const { imageUrl, thumbnailUrl } = await res.json()
    for (const url of [imageUrl, thumbnailUrl]) {
      const bytes = Buffer.from(await (await app.client().get(url)).arrayBuffer())
      const meta = await sharp(bytes).metadata()
      expect(meta.exif, url).toBeUndefined()
      expect(meta.xmp, url).toBeUndefined()
      expect(bytes.includes(Buffer.from('GPS')), url).toBe(false)
    }
  })
})
