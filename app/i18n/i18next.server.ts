// The vendor pages' language on the server: which one a request asks for (the `lang` parameter,
// else the choice remembered in a cookie, else English), its messages, and translations for
// server-made texts such as toasts.
import { signedCookie } from '~/lib/cookies.server'
import { type Cookie } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import { DEFAULT_LANGUAGE, VENDOR_LANGUAGE_CODES, VENDOR_NAMESPACE, isVendorLanguage, type VendorLanguage, type VendorMessages } from './config'
import en from './locales/en.json'
import es from './locales/es.json'
import hi from './locales/hi.json'
import pt from './locales/pt.json'
import ru from './locales/ru.json'
import uk from './locales/uk.json'

const MESSAGES: Record<VendorLanguage, VendorMessages> = { en, es, pt, ru, hi, uk }

const ONE_YEAR = 365 * 24 * 60 * 60

let cookie: Cookie | undefined
/** Remembers a vendor's language so a returning phone without JavaScript keeps it. */
export function languageCookie() {
  cookie ??= signedCookie('vendor_lang', ONE_YEAR)
  return cookie
}

let instance: RemixI18Next | undefined
export function vendorI18next() {
  instance ??= new RemixI18Next({
    detection: {
      supportedLanguages: VENDOR_LANGUAGE_CODES,
      fallbackLanguage: DEFAULT_LANGUAGE,
      searchParamKey: 'lang',
      cookie: languageCookie(),
      // Deliberately not the Accept-Language header: the spec's default is English, whatever the phone says.
      order: ['searchParams', 'cookie'],
    },
    i18next: {
      resources: Object.fromEntries(Object.entries(MESSAGES).map(([lng, messages]) => [lng, { [VENDOR_NAMESPACE]: messages }])),
      defaultNS: VENDOR_NAMESPACE,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
    },
  })
  return instance
}

export async function vendorLanguage(request: Request): Promise<VendorLanguage> {
  const detected = await vendorI18next().getLocale(request)
  return isVendorLanguage(detected) ? detected : DEFAULT_LANGUAGE
}

/** The language and the messages a vendor page hands to its provider (one language, not six). */
export async function vendorLocale(request: Request) {
  const lang = await vendorLanguage(request)
  return { lang, messages: MESSAGES[lang] }
}

export function messagesFor(lang: VendorLanguage) {
  return MESSAGES[lang]
}

const fixedT = new Map<VendorLanguage, ReturnType<RemixI18Next['getFixedT']>>()
/** A translate function for texts made on the server (toasts, page titles). */
export function vendorT(lang: VendorLanguage) {
  let t = fixedT.get(lang)
  if (!t) {
    t = vendorI18next().getFixedT(lang, VENDOR_NAMESPACE)
    fixedT.set(lang, t)
  }
  return t
}

/**
 * A Set-Cookie header remembering the language when the page was opened with an explicit, supported
 * `lang` (the picker's links), so the choice sticks without JavaScript.
 */
export async function rememberLanguageHeader(request: Request, lang: VendorLanguage): Promise<string | null> {
  const asked = new URL(request.url).searchParams.get('lang')
  if (asked !== lang) return null
  const remembered = await languageCookie().parse(request.headers.get('Cookie'))
  return remembered === lang ? null : languageCookie().serialize(lang)
}
