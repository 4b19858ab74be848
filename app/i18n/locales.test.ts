// Six complete locale files: the same keys everywhere, every plural form each language needs, the
// same placeholders, and no English left behind in the other five.
import { describe, expect, test } from 'vitest'
import { VENDOR_LANGUAGE_CODES, type VendorLanguage } from './config'
import en from './locales/en.json'
import es from './locales/es.json'
import hi from './locales/hi.json'
import pt from './locales/pt.json'
import ru from './locales/ru.json'
import uk from './locales/uk.json'

const LOCALES: Record<VendorLanguage, unknown> = { en, es, pt, ru, hi, uk }
const PLURAL = /_(zero|one|two|few|many|other)$/

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value }
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  )
}

const flat = Object.fromEntries(Object.entries(LOCALES).map(([lang, messages]) => [lang, flatten(messages)])) as Record<VendorLanguage, Record<string, string>>
const baseKeys = (lang: VendorLanguage) => new Set(Object.keys(flat[lang]).map((k) => k.replace(PLURAL, '')))
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

// Words that are the same in English and the other language, checked by a person.
const SAME_AS_ENGLISH: Record<string, string[]> = { pt: ['cart.items_one'], es: ['track.answerNo'] }

describe.each(VENDOR_LANGUAGE_CODES)('%s', (lang) => {
  test('has every key English has, and no others', () => {
    expect([...baseKeys(lang)].sort()).toEqual([...baseKeys('en')].sort())
  })

  test('has every plural form the language uses', () => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories
    const plurals = new Set(Object.keys(flat.en).filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')))
    for (const key of plurals) {
      for (const category of categories) expect(flat[lang], `${key}_${category}`).toHaveProperty([`${key}_${category}`])
    }
  })

  test('keeps the placeholders of each message', () => {
    for (const [key, text] of Object.entries(flat[lang])) {
      const english = flat.en[key] ?? flat.en[key.replace(PLURAL, '_other')]!
      expect(placeholders(text), key).toEqual(placeholders(english))
    }
  })

})

describe.each(VENDOR_LANGUAGE_CODES.filter((lang) => lang !== 'en'))('%s', (lang) => {
  test('is translated: no message is left in English', () => {
    for (const [key, text] of Object.entries(flat[lang])) {
      if (SAME_AS_ENGLISH[lang]?.includes(key)) continue
      expect(text, key).not.toBe(flat.en[key])
    }
  })
})
