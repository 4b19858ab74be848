// A dialog whose open state lives in the URL (e.g. ?dialog=new-product). Without JavaScript it is an
// ordinary page section that a link opens and a link closes; with JavaScript it also traps focus,
// closes on Escape and restores focus, as a modal dialog should.
import { Link, useNavigate } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useChromeLabels } from '~/i18n/chrome'
import { cn } from './cn'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function Dialog({
  title,
  description,
  closeTo,
  children,
  wide,
}: {
  title: ReactNode
  description?: ReactNode
  /** Where "close" goes: usually the same page without the dialog parameter. */
  closeTo: string
  children: ReactNode
  wide?: boolean
}) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const labels = useChromeLabels()

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    const node = panel.current
    const first = node?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea') ?? node
    first?.focus()
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'

    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.preventDefault()
        navigate(closeTo, { preventScrollReset: true, replace: true })
      }
      if (e.key === 'Tab' && node) {
        const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE))
        if (items.length === 0) return
        const firstItem = items[0]!
        const lastItem = items[items.length - 1]!
        if (e.shiftKey && document.activeElement === firstItem) {
          e.preventDefault()
          lastItem.focus()
        } else if (!e.shiftKey && document.activeElement === lastItem) {
          e.preventDefault()
          firstItem.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      previous?.focus?.()
    }
  }, [closeTo, navigate])

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto">
      <Link to={closeTo} replace preventScrollReset className="fixed inset-0 bg-slate-900/50" aria-hidden="true" tabIndex={-1} />
      <div className="relative flex min-h-full items-start justify-center p-4 sm:items-center">
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={cn('relative w-full rounded-lg bg-white p-5 shadow-xl outline-none', wide ? 'max-w-2xl' : 'max-w-lg')}
        >
          <div className="mb-4 pr-8">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label={labels.close}
            data-dialog-close
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Link>
          {children}
        </div>
      </div>
    </div>
  )
}
