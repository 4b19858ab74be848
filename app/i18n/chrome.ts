// The few words the shared UI kit says to screen readers (a dialog's close button, a toast's dismiss
// button, the toast region), in the page's language, so vendor pages are not half English.
import { useMatches } from '@remix-run/react'
import type { VendorLanguage } from './config'

export const CHROME_LABELS: Record<VendorLanguage, { close: string; dismiss: string; notifications: string }> = {
  en: { close: 'Close', dismiss: 'Dismiss', notifications: 'Notifications (F8)' },
  es: { close: 'Cerrar', dismiss: 'Descartar', notifications: 'Notificaciones (F8)' },
  pt: { close: 'Fechar', dismiss: 'Dispensar', notifications: 'Notificações (F8)' },
  ru: { close: 'Закрыть', dismiss: 'Скрыть', notifications: 'Уведомления (F8)' },
  hi: { close: 'बंद करें', dismiss: 'हटाएँ', notifications: 'सूचनाएँ (F8)' },
  uk: { close: 'Закрити', dismiss: 'Приховати', notifications: 'Сповіщення (F8)' },
}

/** The document's language: the deepest route that returns `lang` from its loader decides (vendor pages do). */
export function useDocumentLanguage() {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.data as { lang?: unknown } | undefined
    if (data && typeof data.lang === 'string') return data.lang
  }
  return 'en'
}

export function useChromeLabels() {
  const lang = useDocumentLanguage()
  return CHROME_LABELS[lang as VendorLanguage] ?? CHROME_LABELS.en
}
