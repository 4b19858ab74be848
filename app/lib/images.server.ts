// Uploaded photos, made fit for the web: whatever a phone sends (up to 15 MB, any orientation, any
// common format) becomes a JPEG of at most 1920 px per side and 2 MB, plus a 320 px thumbnail, with
// its metadata (GPS position included) stripped. What a file is comes from decoding it, never from
// its name or declared type.
import type Sharp from 'sharp'
import { Invalid, TooLarge } from '~/lib/errors'
import { saveImage } from './storage.server'

// libvips is tens of MB resident: loaded on the first upload, not at start.
let sharpLoaded: Promise<typeof Sharp> | undefined
function loadSharp() {
  sharpLoaded ??= import('sharp').then((m) => m.default)
  return sharpLoaded
}

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024
export const MAX_IMAGE_SIDE = 1920
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024
export const THUMBNAIL_SIDE = 320

const INVALID_FILE = 'Invalid File'
/** Enough for a 108 MP phone camera; a small file claiming more pixels is a decompression bomb. */
const MAX_INPUT_PIXELS = 120_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif'])
const QUALITY_STEPS = [85, 75, 65, 55, 45, 35, 25, 15, 10]
const THUMBNAIL_QUALITY = 80

export type EncodedImage = { bytes: Buffer; width: number; height: number }

function invalidFile() {
  return new Invalid(INVALID_FILE, { image: [INVALID_FILE] })
}

/** Re-encodes an upload; throws Invalid('Invalid File') for anything that is not a picture we can read. */
export async function encodeForWeb(input: Buffer): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
  const sharp = await loadSharp()
  const options: Sharp.SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true }
  let format: string | undefined
  try {
    format = (await sharp(input, options).metadata()).format
  } catch {
    throw invalidFile()
  }
  // SVG and camera RAW decode too, but a vector document is not a photo and RAW is not worth the risk.
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidFile()

  let pixels: { data: Buffer; info: Sharp.OutputInfo }
  try {
    // Decode, turn upright (EXIF orientation), shrink and flatten transparency once; every quality
    // step below then starts from these pixels instead of decoding the original again.
    pixels = await sharp(input, options)
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw invalidFile()
  }
  const { data, info } = pixels
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }

  const image = await jpegWithin(data, raw.raw, MAX_IMAGE_BYTES)
  const thumbnail = await sharp(data, raw)
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: THUMBNAIL_QUALITY })
    .toBuffer({ resolveWithObject: true })
  return { image, thumbnail: { bytes: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height } }
}

/** Steps the quality down until the JPEG fits; should even the lowest not fit, shrinks and tries again. */
async function jpegWithin(data: Buffer, raw: Sharp.CreateRaw, maxBytes: number): Promise<EncodedImage> {
  const sharp = await loadSharp()
  for (let scale = 1; ; scale *= 0.8) {
    const width = Math.max(1, Math.round(raw.width * scale))
    const height = Math.max(1, Math.round(raw.height * scale))
    for (const quality of QUALITY_STEPS) {
      let pipeline = sharp(data, { raw })
      if (scale < 1) pipeline = pipeline.resize(width, height)
      const bytes = await pipeline.jpeg({ quality }).toBuffer()
      if (bytes.byteLength <= maxBytes) return { bytes, width, height }
    }
  }
}

/**
 * Checks, re-encodes and stores an uploaded image; the one path every upload takes (the /api/upload
 * endpoint, the product form, delivery proofs).
 */
export async function storeUploadedImage(
  file: Blob,
  owner: { orgId: string | null },
): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  if (file.size > MAX_UPLOAD_BYTES) throw new TooLarge('The image must be at most 15 MB.')
  if (file.size === 0) throw invalidFile()
  const { image, thumbnail } = await encodeForWeb(Buffer.from(await file.arrayBuffer()))
  const [imageUrl, thumbnailUrl] = await Promise.all([
    saveImage({ bytes: image.bytes, contentType: 'image/jpeg', width: image.width, height: image.height, orgId: owner.orgId }),
    saveImage({ bytes: thumbnail.bytes, contentType: 'image/jpeg', width: thumbnail.width, height: thumbnail.height, orgId: owner.orgId }),
  ])
  return { imageUrl, thumbnailUrl }
}
