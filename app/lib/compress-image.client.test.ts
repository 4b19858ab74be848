// The browser's canvas is replaced by a stand-in whose JPEG size depends on the quality asked for,
// so these tests read like what a phone user gets: a smaller photo, the right shape, never over 2 MB
// when it can be helped.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { compressImage, fitWithin } from './compress-image.client'

const MB = 1024 * 1024

type Setup = { width: number; height: number; bytesAtQuality: (q: number) => number; loads?: boolean; context?: boolean }

function browserWith({ width, height, bytesAtQuality, loads = true, context = true }: Setup) {
  const asked: number[] = []
  const canvas = { width: 0, height: 0, drawn: null as null | number[] }
  vi.stubGlobal(
    'FileReader',
    class {
      result: string | null = null
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      readAsDataURL() {
        this.result = 'data:image/jpeg;base64,AAAA'
        queueMicrotask(() => this.onload?.())
      }
    },
  )
  vi.stubGlobal(
    'Image',
    class {
      naturalWidth = width
      naturalHeight = height
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      set src(_value: string) {
        queueMicrotask(() => (loads ? this.onload?.() : this.onerror?.()))
      }
    },
  )
  vi.stubGlobal('document', {
    createElement: () => ({
      get width() {
        return canvas.width
      },
      set width(v: number) {
        canvas.width = v
      },
      get height() {
        return canvas.height
      },
      set height(v: number) {
        canvas.height = v
      },
      getContext: () =>
        context ? { fillStyle: '', fillRect() {}, drawImage: (_i: unknown, ...box: number[]) => (canvas.drawn = box) } : null,
      toBlob(done: (blob: Blob | null) => void, type: string, quality: number) {
        asked.push(quality)
        done(new Blob([new Uint8Array(bytesAtQuality(quality))], { type }))
      },
    }),
  })
  return { asked, canvas }
}

const photo = (name = 'IMG_0001.HEIC') => new File([new Uint8Array(10)], name, { type: 'image/heic' })

afterEach(() => vi.unstubAllGlobals())

describe('shrinking a photo before upload', () => {
  test('a 12 MP photo becomes at most 1920 px on its long side, same shape, as a JPEG', async () => {
    const { canvas, asked } = browserWith({ width: 4000, height: 3000, bytesAtQuality: () => 900_000 })
    const file = await compressImage(photo(), { quality: 0.85 })
    expect([canvas.width, canvas.height]).toEqual([1920, 1440])
    expect(canvas.drawn).toEqual([0, 0, 1920, 1440])
    expect(asked).toEqual([0.85])
    expect(file).toMatchObject({ name: 'IMG_0001.jpg', type: 'image/jpeg', size: 900_000 })
  })

  test('a photo still over 2 MB is re-encoded 0.1 lower at a time until it fits', async () => {
    const { asked } = browserWith({ width: 1920, height: 1920, bytesAtQuality: (q) => Math.round(q * 4 * MB) })
    const file = await compressImage(photo(), { quality: 0.85 })
    expect(asked).toEqual([0.85, 0.75, 0.65, 0.55, 0.45])
    expect(file.size).toBeLessThanOrEqual(2 * MB)
  })

  test('quality never goes below 0.1, even if the photo then stays large', async () => {
    const { asked } = browserWith({ width: 1000, height: 1000, bytesAtQuality: () => 3 * MB })
    await compressImage(photo(), { quality: 0.85 })
    expect(asked.at(-1)).toBe(0.1)
    expect(asked).toHaveLength(9)
  })

  test('what cannot be read or drawn fails with the messages the page shows', async () => {
    browserWith({ width: 10, height: 10, bytesAtQuality: () => 10, loads: false })
    await expect(compressImage(photo())).rejects.toThrow('Failed to load image')
    vi.unstubAllGlobals()
    browserWith({ width: 10, height: 10, bytesAtQuality: () => 10, context: false })
    await expect(compressImage(photo())).rejects.toThrow('Failed to get canvas context')
  })

  test('fitting keeps proportions and never enlarges', () => {
    expect(fitWithin(3000, 4000, 1920, 1920)).toEqual({ width: 1440, height: 1920 })
    expect(fitWithin(800, 600, 1920, 1920)).toEqual({ width: 800, height: 600 })
  })
})
