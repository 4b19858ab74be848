// Shrinks a photo in the browser before it is uploaded (spec §5): at most 1920×1920 keeping its
// shape, re-encoded as JPEG, stepping the quality down by 0.1 (not below 0.1) until it is at most
// 2 MB. Phones on mobile data then send a few hundred KB instead of a 12 MB original. The server
// re-checks and re-encodes everything, so this is only about speed.

export type CompressOptions = { maxWidth?: number; maxHeight?: number; quality?: number; maxBytes?: number }

const MIN_QUALITY_HUNDREDTHS = 10

function readAsDataUrl(file: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Failed to read file')))
    reader.onerror = () => reject(new Error('Failed to read file'))
    reader.readAsDataURL(file)
  })
}

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('Failed to load image'))
    image.src = src
  })
}

function toJpeg(canvas: HTMLCanvasElement, quality: number) {
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Failed to compress image'))), 'image/jpeg', quality)
  })
}

/** The largest size within the box that keeps the picture's proportions; never enlarges. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export async function compressImage(file: File, options: CompressOptions = {}): Promise<File> {
  const { maxWidth = 1920, maxHeight = 1920, quality = 0.8, maxBytes = 2 * 1024 * 1024 } = options
  const image = await loadImage(await readAsDataUrl(file))
  // Browsers draw an <img> the right way up (they apply EXIF orientation), so the canvas is upright too.
  const size = fitWithin(image.naturalWidth, image.naturalHeight, maxWidth, maxHeight)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('Failed to get canvas context')
  // JPEG has no transparency; white reads better than the black a transparent PNG would get.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, size.width, size.height)
  context.drawImage(image, 0, 0, size.width, size.height)

  // In hundredths, so 0.85 → 0.75 → … → 0.15 → 0.1 does not drift with floating point.
  let hundredths = Math.round(quality * 100)
  let blob = await toJpeg(canvas, hundredths / 100)
  while (blob.size > maxBytes && hundredths > MIN_QUALITY_HUNDREDTHS) {
    hundredths = Math.max(MIN_QUALITY_HUNDREDTHS, hundredths - 10)
    blob = await toJpeg(canvas, hundredths / 100)
  }
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`
  return new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() })
}
