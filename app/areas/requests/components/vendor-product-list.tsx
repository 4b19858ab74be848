// The property's products, grouped by category, each with its picture, description and cart buttons.
import { Package } from 'lucide-react'
import type { VendorLanguage } from '~/i18n/config'
import { useVendorT } from '~/i18n/provider'
import type { StorefrontProduct } from '~/areas/catalogue/storefront.server'
import { QuantityControls, type CartLine } from './vendor-cart'

export type VendorProduct = StorefrontProduct

function byCategory(products: VendorProduct[]) {
  const groups = new Map<string | null, VendorProduct[]>()
  for (const p of products) {
    const key = p.category?.trim() || null
    const group = groups.get(key)
    if (group) group.push(p)
    else groups.set(key, [p])
  }
  // Named categories first (the server already sorted them), uncategorised products last.
  return [...groups].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : 0))
}

export function VendorProductList({
  products,
  lines,
  max,
  lang,
  cartAction,
  busy,
  fillHref,
}: {
  products: VendorProduct[]
  lines: CartLine[]
  max: number
  lang: VendorLanguage
  cartAction: string
  busy: boolean
  /** Set when this property's own manager is looking: where they give it products. */
  fillHref?: string | null
}) {
  const t = useVendorT()
  if (products.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        <p>{t('request.noProducts')}</p>
        {fillHref ? (
          <p className="mt-3">
            <a href={fillHref} className="font-medium text-brand-700 underline">
              {t('request.fillStorefront')}
            </a>
          </p>
        ) : null}
      </div>
    )
  }
  const quantities = new Map(lines.map((l) => [l.productId, l.quantity]))
  return (
    <div className="space-y-6">
      {byCategory(products).map(([category, items], index) => (
        // Numbered, not named after the category: an id holds no space, and aria-labelledby reads
        // "Cleaning Supplies" as two ids that do not exist.
        <section key={category ?? ''} aria-labelledby={`category-${index}`}>
          <h3 id={`category-${index}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
            {category ?? t('request.otherCategory')}
          </h3>
          <ul className="space-y-3">
            {items.map((product) => (
              <li key={product.id} id={`product-${product.id}`} className="flex scroll-mt-4 gap-3 [contain-intrinsic-size:auto_7rem] [content-visibility:auto] rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
                <ProductImage product={product} />
                <div className="min-w-0 flex-1">
                  <h4 className="break-words font-medium text-slate-900">{product.name}</h4>
                  {product.description ? <p className="mt-0.5 break-words text-sm text-slate-600">{product.description}</p> : null}
                  <div className="mt-3">
                    <QuantityControls
                      action={cartAction}
                      productId={product.id}
                      productName={product.name}
                      quantity={quantities.get(product.id) ?? 0}
                      max={max}
                      lang={lang}
                      busy={busy}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function ProductImage({ product }: { product: VendorProduct }) {
  const src = product.thumbnailUrl ?? product.imageUrl
  return (
    <div className="grid h-16 w-16 shrink-0 place-items-center overflow-hidden rounded-md bg-slate-100">
      {src ? (
        // The name is right beside it, so a missing description makes the picture decorative.
        <img src={src} alt={product.imageAlt ?? ''} width={64} height={64} loading="lazy" decoding="async" className="h-full w-full object-cover" />
      ) : (
        <Package className="h-7 w-7 text-slate-400" aria-hidden="true" />
      )}
    </div>
  )
}
