import crypto from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { noisyPhoto } from '../../tests/fixtures/images'
import { encodeForWeb, MAX_IMAGE_BYTES } from './images.server'

describe('making an upload fit for the web', () => {
  test('a photo too detailed for 2 MB at the usual quality is saved at a lower quality, still full size', async () => {
    // Noise at exactly the largest size: nothing is gained by shrinking, so only quality can give.
    const photo = await noisyPhoto(1920, 1920, 100)
    const atUsualQuality = await sharp(photo).jpeg({ quality: 85 }).toBuffer()
    expect(atUsualQuality.byteLength).toBeGreaterThan(MAX_IMAGE_BYTES)

    const { image } = await encodeForWeb(photo)
    expect(image.bytes.byteLength).toBeLessThanOrEqual(MAX_IMAGE_BYTES)
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1920 })
  })

  test('a small picture is not blown up, and its thumbnail is no larger than itself', async () => {
    const small = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } }).jpeg().toBuffer()
    const { image, thumbnail } = await encodeForWeb(small)
    expect([image.width, image.height]).toEqual([120, 80])
    expect([thumbnail.width, thumbnail.height]).toEqual([120, 80])
  })

  test('anything that is not a raster photo is an invalid file', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>')
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF')
    const truncated = (await noisyPhoto(200, 200)).subarray(0, 400)
    for (const input of [svg, pdf, truncated, crypto.randomBytes(2048)]) {
      await expect(encodeForWeb(input)).rejects.toMatchObject({ message: 'Invalid File', status: 400 })
    }
  })

  test('a tiny file that claims an enormous picture (a decompression bomb) is refused', async () => {
    const bomb = await sharp({ create: { width: 11_000, height: 11_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 1 })
      .toBuffer()
    // 121 megapixels (363 MB once decoded) in a file well within the upload limit.
    expect(bomb.byteLength).toBeLessThan(4 * 1024 * 1024)
    await expect(encodeForWeb(bomb)).rejects.toMatchObject({ message: 'Invalid File' })
  })
})
