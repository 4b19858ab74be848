// The vendor pages' languages (spec §2.15, §9). Shared by the server and the browser, so it holds
// no messages: each page ships only the messages of the language it renders.
export const VENDOR_LANGUAGES = [
  { code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸' },
  { code: 'en', name: 'English', nativeName: 'English', flag: '🇺🇸' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português', flag: '🇧🇷' },
  { code: 'ru', name: 'Russian', nativeName: 'Русский', flag: '🇷🇺' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी', flag: '🇮🇳' },
  { code: 'uk', name: 'Ukrainian', nativeName: 'Українська', flag: '🇺🇦' },
] as const

export type VendorLanguage = (typeof VENDOR_LANGUAGES)[number]['code']

export const VENDOR_LANGUAGE_CODES: VendorLanguage[] = VENDOR_LANGUAGES.map((l) => l.code)
export const DEFAULT_LANGUAGE: VendorLanguage = 'en'
/** Where the picker remembers the choice in the browser (spec §9). */
export const LANGUAGE_STORAGE_KEY = 'vendor_language_preference'
export const VENDOR_NAMESPACE = 'vendor'

export function isVendorLanguage(value: unknown): value is VendorLanguage {
  return typeof value === 'string' && (VENDOR_LANGUAGE_CODES as string[]).includes(value)
}

export type VendorMessages = typeof import('./locales/en.json')
