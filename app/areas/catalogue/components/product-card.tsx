// One catalog product on the Products page (spec §2.8).
import { Link } from '@remix-run/react'
import { Languages, Package, Pencil, Trash2 } from 'lucide-react'
import { iconSprite } from '~/ui/icon-sprite'
import { Badge } from '~/ui/badge'
import { buttonClasses } from '~/ui/button'

export type ProductCardData = {
  id: string
  name: string
  description: string | null
  price: string | null
  imageUrl: string | null
  thumbnailUrl: string | null
  imageAlt: string | null
  isActive: boolean
  createdAt: string
  /** When it was added, as the organisation's clock reads it. */
  added: string
}

// Four icons on each of a page's 50 cards: drawn once per page from a sprite (decision 066).
const { Symbols, Icon } = iconSprite('product-icon', { languages: Languages, package: Package, pencil: Pencil, trash: Trash2 })
/** Rendered once beside the cards: the shapes of their icons. */
export const ProductCardIcons = Symbols

/** `hrefFor` opens a dialog on the same list (keeping its search and page). */
export function ProductCard({ product, hrefFor = (dialog, id) => `?${dialog}=${id}` }: { product: ProductCardData; hrefFor?: (dialog: string, id: string) => string }) {
  const picture = product.thumbnailUrl ?? product.imageUrl
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="product-card">
      <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        {picture ? (
          <img src={picture} alt={product.imageAlt ?? product.name} loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <Icon name="package" className="h-10 w-10 text-slate-400" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 break-words font-semibold text-slate-900">{product.name}</h3>
          <Badge tone={product.isActive ? 'green' : 'grey'} className="shrink-0">
            {product.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        {product.price ? <p className="text-sm font-medium text-slate-800">{product.price}</p> : null}
        {product.description ? <p className="line-clamp-3 text-sm text-slate-600">{product.description}</p> : null}
        {/* Wraps rather than overflows: at four cards a row (1366 px) the date and three actions do not fit one line. */}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-2 gap-y-1 pt-2">
          <p className="whitespace-nowrap text-xs text-slate-500">{`Added ${product.added}`}</p>
          <div className="ml-auto flex shrink-0 gap-1">
            <Link
              to={hrefFor('edit', product.id)}
              preventScrollReset
              className={buttonClasses('ghost', 'sm', 'px-2')}
              aria-label={`Edit ${product.name}`}
              title="Edit"
            >
              <Icon name="pencil" className="h-4 w-4" />
            </Link>
            <Link
              to={hrefFor('translate', product.id)}
              preventScrollReset
              className={buttonClasses('ghost', 'sm', 'px-2')}
              aria-label={`Translate ${product.name}`}
              title="Translations"
            >
              <Icon name="languages" className="h-4 w-4" />
            </Link>
            <Link
              to={hrefFor('delete', product.id)}
              preventScrollReset
              className={buttonClasses('ghost', 'sm', 'px-2 text-red-600 hover:bg-red-50')}
              aria-label={`Delete ${product.name}`}
              title="Delete"
            >
              <Icon name="trash" className="h-4 w-4" />
            </Link>
          </div>
        </div>
      </div>
    </article>
  )
}
