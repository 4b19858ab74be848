// Cart buttons that are plain forms: without JavaScript each press posts and the page comes back
// with the new cart; with JavaScript the same forms go through fetchers and the page stays put.
import { useFetcher, useFetchers, Link } from '@remix-run/react'
import { Minus, Plus, ShoppingCart } from 'lucide-react'
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import type { VendorLanguage } from '~/i18n/config'
import { useVendorT } from '~/i18n/provider'
import { buttonClasses } from '~/ui/button'
import { useToast } from '~/ui/toast'
import { cn } from '~/ui/cn'

export type CartIntent = 'add' | 'increase' | 'decrease' | 'remove'
export type CartLine = { productId: string; quantity: number }

const CART_FETCHER = 'vendor-cart:'

let hydratedOnce = false
/** False during the server render and the first client render, so both render the same markup. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(hydratedOnce)
  useEffect(() => {
    hydratedOnce = true
    setHydrated(true)
  }, [])
  return hydrated
}

function applyChange(lines: CartLine[], intent: CartIntent, productId: string, max: number): CartLine[] {
  const line = lines.find((l) => l.productId === productId)
  if (intent === 'add' || intent === 'increase') {
    if (!line) return [...lines, { productId, quantity: 1 }]
    return lines.map((l) => (l === line ? { ...l, quantity: Math.min(max, l.quantity + 1) } : l))
  }
  if (!line) return lines
  if (intent === 'remove' || line.quantity <= 1) return lines.filter((l) => l !== line)
  return lines.map((l) => (l === line ? { ...l, quantity: l.quantity - 1 } : l))
}

/**
 * The cart as the vendor should see it now: the server's cart with the press being sent already
 * applied, so a slow connection does not make the buttons feel dead.
 */
export function useOptimisticCart(lines: CartLine[], max: number) {
  const fetchers = useFetchers()
  let shown = lines
  let busy = false
  for (const f of fetchers) {
    if (!f.key.startsWith(CART_FETCHER)) continue
    if (f.state === 'submitting') busy = true
    const intent = f.formData?.get('intent')
    const productId = f.formData?.get('productId')
    // Until the revalidated cart arrives (state 'loading'), the press is still only ours to show.
    if (f.state !== 'idle' && typeof intent === 'string' && typeof productId === 'string') {
      shown = applyChange(shown, intent as CartIntent, productId, max)
    }
  }
  return { lines: shown, busy }
}

export function CartChangeForm({
  action,
  productId,
  intent,
  lang,
  back,
  busy,
  label,
  className,
  disabled,
  children,
}: {
  action: string
  productId: string
  intent: CartIntent
  lang: VendorLanguage
  back?: 'finalize'
  /** Another press is on its way: the cart lives in a cookie, so presses must not overlap. */
  busy: boolean
  label?: string
  className?: string
  disabled?: boolean
  children: ReactNode
}) {
  const fetcher = useFetcher<{ toast: { title: string; description: string } | null }>({ key: `${CART_FETCHER}${productId}:${intent}` })
  const hydrated = useHydrated()
  const showToast = useToast()
  const refusal = fetcher.data?.toast
  useEffect(() => {
    // Without JavaScript the same refusal arrives as a toast after the redirect.
    if (refusal) showToast({ title: refusal.title, description: refusal.description || undefined, variant: 'error' })
  }, [refusal, showToast])
  function onSubmit(event: FormEvent) {
    if (busy) event.preventDefault()
  }
  return (
    <fetcher.Form method="post" action={action} preventScrollReset onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="lang" value={lang} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <button
        type="submit"
        aria-label={label}
        disabled={disabled}
        aria-disabled={busy || undefined}
        className={cn(className, busy && 'cursor-wait opacity-70')}
      >
        {children}
      </button>
    </fetcher.Form>
  )
}

const stepButton =
  'grid h-10 w-10 place-items-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300'

/** Add to cart, or − quantity + once the product is in the cart (1 or 2; − at 1 removes it). */
export function QuantityControls({
  action,
  productId,
  productName,
  quantity,
  max,
  lang,
  back,
  busy,
}: {
  action: string
  productId: string
  productName: string
  quantity: number
  /** The vendor maximum per product, from the server's rule. */
  max: number
  lang: VendorLanguage
  back?: 'finalize'
  busy: boolean
}) {
  const t = useVendorT()
  const common = { action, productId, lang, back, busy }
  if (quantity === 0) {
    return (
      <CartChangeForm
        {...common}
        intent="add"
        // Starts with the visible words, so speech control ("click Add to cart") still finds it.
        label={`${t('request.add')}: ${productName}`}
        className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('request.add')}
      </CartChangeForm>
    )
  }
  const atMax = quantity >= max
  return (
    <div className="flex items-center gap-2">
      <CartChangeForm {...common} intent="decrease" label={t('request.decrease', { name: productName })} className={stepButton}>
        <Minus className="h-4 w-4" aria-hidden="true" />
      </CartChangeForm>
      <span className="min-w-[2ch] text-center text-lg font-semibold tabular-nums text-slate-900" aria-hidden="true">
        {quantity}
      </span>
      <span className="sr-only">{t('request.quantity', { count: quantity })}</span>
      <CartChangeForm
        {...common}
        intent="increase"
        label={t('request.increase', { name: productName })}
        className={stepButton}
        disabled={atMax}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
      </CartChangeForm>
      {atMax ? <span className="text-xs text-slate-600">{t('request.maxReached', { max })}</span> : null}
    </div>
  )
}

/**
 * What a screen reader hears after each press: the cart's new count. The catalog and the finalize
 * dialog each hold one, second after the toasts', so the enhancer's swap pairs them up and speaks the change.
 */
export function CartCountAnnouncement({ count, emptied = '' }: { count: number; emptied?: string }) {
  const t = useVendorT()
  return (
    <p className="sr-only" aria-live="polite" data-testid="cart-announcement">
      {count > 0 ? t('cart.items', { count }) : emptied}
    </p>
  )
}

/** How many items the cart holds, every line's quantity together. */
export function cartCount(lines: CartLine[]) {
  return lines.reduce((sum, l) => sum + l.quantity, 0)
}

/** The floating summary: how many items, and the way to the finalize step. */
export function CartBar({ count, reviewHref }: { count: number; reviewHref: string }) {
  const t = useVendorT()
  return (
    <>
      <CartCountAnnouncement count={count} />
      {count > 0 ? (
        // A landmark of its own, so screen readers can jump to the cart from anywhere on the page.
        <aside aria-label={t('cart.heading')} className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)]">
          <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-900" data-testid="cart-count">
              <ShoppingCart className="h-5 w-5 text-brand-600" aria-hidden="true" />
              {t('cart.items', { count })}
            </p>
            <Link to={reviewHref} preventScrollReset className={buttonClasses('primary', 'md')}>
              {t('cart.review')}
            </Link>
          </div>
        </aside>
      ) : null}
    </>
  )
}
