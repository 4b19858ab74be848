import { gzipSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { PHOTO_ENHANCER } from './enhancer-scripts.server'

test('the photo resizer is small enough to ride along on every vendor page, and is a script on its own', () => {
  expect(gzipSync(PHOTO_ENHANCER).length).toBeLessThan(1.5 * 1024)
  expect(() => new Function(PHOTO_ENHANCER)).not.toThrow()
  // The spec's image rule: 1920 px a side, quality 0.85 stepping down, 2 MB at most (as the minifier prints them).
  expect(PHOTO_ENHANCER).toContain('1920')
  expect(PHOTO_ENHANCER).toMatch(/(?<!\d)0?\.85(?!\d)/)
  expect(PHOTO_ENHANCER).toMatch(/2 ?\* ?1024 ?\* ?1024|2097152/)
})
