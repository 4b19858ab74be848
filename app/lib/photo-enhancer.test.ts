import { gzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { PHOTO_ENHANCER } from './photo-enhancer'

test('the photo resizer is small enough to ride along on every vendor page, and is a script on its own', () => {
  expect(gzipSync(PHOTO_ENHANCER).length).toBeLessThan(1.5 * 1024)
  expect(() => new Function(PHOTO_ENHANCER)).not.toThrow()
  // The spec's image rule: 1920 px a side, quality 0.85 stepping down, 2 MB at most.
  expect(PHOTO_ENHANCER).toContain('1920')
  expect(PHOTO_ENHANCER).toContain('0.85')
  expect(PHOTO_ENHANCER).toMatch(/2 \* 1024 \* 1024|2097152/)
})
