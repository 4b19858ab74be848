// Which catalog products vendors will see untranslated, and in which languages (issue 15).
import { Link } from '@remix-run/react'
import { VENDOR_LANGUAGES } from '~/i18n/config'

const languageName = (code: string) => VENDOR_LANGUAGES.find((l) => l.code === code)?.name ?? code

/** `total` of them lack a language; `products` are the first few by name (a catalog of thousands is counted, not listed). */
export function ProductTranslationsMissing({
  total,
  products,
  hrefFor = (id) => `?translate=${id}`,
}: {
  total: number
  products: Array<{ id: string; name: string; missing: string[] }>
  /** The translations dialog of one product, keeping the page's search and page. */
  hrefFor?: (id: string) => string
}) {
  if (total === 0) return null
  return (
    <details className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <summary className="cursor-pointer font-medium">
        {`${total.toLocaleString('en-US')} ${total === 1 ? 'product lacks' : 'products lack'} a translation: vendors see its own text instead`}
      </summary>
      <ul className="mt-3 space-y-1">
        {products.map((p) => (
          <li key={p.id}>
            <Link to={hrefFor(p.id)} preventScrollReset className="font-medium underline hover:no-underline">
              {p.name}
              <span className="sr-only">: translate</span>
            </Link>
            {`: ${p.missing.map(languageName).join(', ')}`}
          </li>
        ))}
      </ul>
      {total > products.length ? (
        <p className="mt-3">{`…and ${(total - products.length).toLocaleString('en-US')} more. Search for a product to translate it from its card.`}</p>
      ) : null}
    </details>
  )
}
