// One i18next instance per language, built from the messages the page's loader sent. It is created
// the same way on the server and in the browser, so hydration matches and the browser never
// downloads the other five languages.
import { createInstance, type i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, VENDOR_NAMESPACE, type VendorLanguage, type VendorMessages } from './config'

const instances = new Map<string, i18n>()

function instanceFor(lang: VendorLanguage, messages: VendorMessages) {
  let instance = instances.get(lang)
  if (!instance) {
    instance = createInstance()
    // Resources are given up front, so init finishes synchronously and the first render is translated.
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [VENDOR_NAMESPACE],
      defaultNS: VENDOR_NAMESPACE,
      resources: { [lang]: { [VENDOR_NAMESPACE]: messages } },
      initImmediate: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    })
    instances.set(lang, instance)
  }
  return instance
}

export function VendorI18nProvider({ lang, messages, children }: { lang: VendorLanguage; messages: VendorMessages; children: ReactNode }) {
  return <I18nextProvider i18n={instanceFor(lang, messages)}>{children}</I18nextProvider>
}

export function useVendorT() {
  return useTranslation(VENDOR_NAMESPACE).t
}
