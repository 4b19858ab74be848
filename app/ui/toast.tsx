// One toast at a time, shown for 5 seconds (spec §9). Server toasts arrive through the root loader
// after a redirect; client code can raise one with useToast().
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { useChromeLabels } from '~/i18n/chrome'
import { cn } from './cn'

export type ToastMessage = { title: string; description?: string; variant?: 'success' | 'error' | 'info' }

const DISPLAY_MS = 5000

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {})
export const useToast = () => useContext(ToastContext)

export function ToastProvider({ serverToast, inFlow = false, children }: { serverToast: ToastMessage | null; inFlow?: boolean; children: ReactNode }) {
  const [current, setCurrent] = useState<ToastMessage | null>(serverToast)
  const [serial, setSerial] = useState(0)
  const show = useCallback((toast: ToastMessage) => {
    setCurrent(toast)
    setSerial((n) => n + 1)
  }, [])

  // A new server toast replaces the one showing; a later load without one leaves it alone.
  const lastServerToast = useRef(serverToast)
  useEffect(() => {
    if (serverToast && serverToast !== lastServerToast.current) show(serverToast)
    lastServerToast.current = serverToast
  }, [serverToast, show])

  useEffect(() => {
    if (!current) return
    const timer = setTimeout(() => setCurrent(null), DISPLAY_MS)
    return () => clearTimeout(timer)
  }, [current, serial])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') document.getElementById('toast-region')?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const value = useMemo(() => show, [show])
  const labels = useChromeLabels()
  const region = (
    <section
      id="toast-region"
      tabIndex={-1}
      aria-label={labels.notifications}
      className={
        inFlow
          ? 'mx-auto flex w-full max-w-3xl flex-col px-4 outline-none [&:has([data-testid=toast])]:pt-4'
          : // From a laptop's width (lg) at the top centre, between a page's title and its actions and
            // over a dialog's title, inside its close button: in the bottom corner it sat on the cards'
            // row buttons ("Generate Link") and on dialogs' buttons, just where the next step is.
            'pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full max-w-[420px] flex-col p-4 outline-none lg:bottom-auto lg:left-0 lg:top-0 lg:mx-auto'
      }
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {current ? <ToastCard key={serial} toast={current} dismissLabel={labels.dismiss} onClose={() => setCurrent(null)} stays={inFlow} /> : null}
      </div>
    </section>
  )
  return (
    <ToastContext.Provider value={value}>
      {inFlow ? region : null}
      {children}
      {inFlow ? null : region}
    </ToastContext.Provider>
  )
}

function ToastCard({ toast, dismissLabel, onClose, stays }: { toast: ToastMessage; dismissLabel: string; onClose: () => void; stays: boolean }) {
  const error = toast.variant === 'error'
  return (
    <div
      data-testid="toast"
      className={cn(
        // In the page's flow it covers nothing, so it stays to be read; fading would leave a blank gap.
        !stays && 'toast-auto-hide',
        'pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg',
        error ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className={cn('mt-1 text-sm', error ? 'text-white' : 'text-slate-600')}>{toast.description}</p> : null}
      </div>
      {/* In the flow it needs no closing, and without JavaScript its button would do nothing. */}
      {stays ? null : (
        <button type="button" onClick={onClose} className="rounded p-1 opacity-70 hover:opacity-100" aria-label={dismissLabel} data-toast-dismiss>
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}

/**
 * The root renders this: server toasts with the provider around the whole app. `inFlow` (the vendor's
 * pages) puts the message at the top of the page instead of over it: on a 360 px phone without
 * JavaScript a corner toast sat on the cart bar and the dialog's buttons, with no way to close it.
 */
export function Toaster({ toast, inFlow, children }: { toast: ToastMessage | null; inFlow?: boolean; children?: ReactNode }) {
  return (
    <ToastProvider serverToast={toast} inFlow={inFlow}>
      {children}
    </ToastProvider>
  )
}
