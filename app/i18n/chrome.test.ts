import { expect, test } from 'vitest'
import { CHROME_LABELS } from './chrome'
import { VENDOR_LANGUAGE_CODES } from './config'

test('every vendor language has its own words for the UI kit', () => {
  expect(Object.keys(CHROME_LABELS).sort()).toEqual([...VENDOR_LANGUAGE_CODES].sort())
  for (const lang of VENDOR_LANGUAGE_CODES.filter((l) => l !== 'en')) {
    expect(CHROME_LABELS[lang].close, lang).not.toBe(CHROME_LABELS.en.close)
    expect(CHROME_LABELS[lang].dismiss, lang).not.toBe(CHROME_LABELS.en.dismiss)
  }
})
