// Which catalog products a property stocks: a checklist of the ones not yet assigned (a page of 50,
// searchable by name: ?pq=, ?pp=) and the list of assigned ones, each removable. Plain form posts
// (checkboxes named productId) with or without JS; Select All (the page's) is a link (?select=all)
// that JavaScript turns into an instant toggle.
import { Form, Link, useNavigation } from '@remix-run/react'
import { PageNav, PageSummary } from './catalog-pager'
import { SearchBox } from '~/areas/requests/components/request-filters'
import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '~/ui/button'

export type AssignableProduct = { id: string; name: string; category: string | null }

/** One page of the products not yet assigned, and where it sits among those the search matched. */
export type AssignablePage = { products: AssignableProduct[]; total: number; offset: number; page: number; pageCount: number; q: string }

export function PropertyProducts({
  propertyId,
  available: offered,
  params,
  assigned,
  selectAll,
}: {
  propertyId: string
  available: AssignablePage
  /** The page's query: paging keeps the editor and its search open. */
  params: URLSearchParams
  assigned: AssignableProduct[]
  /** From ?select=all: the checklist starts fully ticked (how Select All works without JavaScript). */
  selectAll: boolean
}) {
  const available = offered.products
  const navigation = useNavigation()
  const busy = (intent: string, productId?: string) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    (productId === undefined || navigation.formData.get('productId') === productId)
  const [selected, setSelected] = useState<Set<string>>(() => new Set(selectAll ? available.map((p) => p.id) : []))
  // Until hydration the counts cannot follow the ticks, so the button must not be disabled or counted.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  // After an assignment or a refetch a ticked product may no longer be offered: count only offered ones.
  const count = available.filter((p) => selected.has(p.id)).length
  const allSelected = available.length > 0 && count === available.length
  // The search and page of products to assign, kept by every link and post of the editor's lists.
  const assignQuery = new URLSearchParams({ edit: propertyId })
  if (offered.q) assignQuery.set('pq', offered.q)
  if (offered.page > 1) assignQuery.set('pp', String(offered.page))
  const here = `?${assignQuery}`
  const toggleAllHref = allSelected ? here : `${here}&select=all`

  return (
    <div className="mt-3 grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h4 className="text-sm font-medium text-slate-800">Available Products</h4>
          {available.length > 0 ? (
            <div className="flex items-center gap-3 whitespace-nowrap text-sm">
              <span className="text-slate-500" aria-live="polite">
                {`${count} of ${available.length} selected`}
              </span>
              <Link
                to={toggleAllHref}
                replace
                preventScrollReset
                className="font-medium text-brand-600 hover:underline"
                onClick={(e) => {
                  e.preventDefault()
                  setSelected(allSelected ? new Set() : new Set(available.map((p) => p.id)))
                }}
              >
                {allSelected ? 'Deselect All' : 'Select All'}
              </Link>
            </div>
          ) : null}
        </div>
        <SearchBox labelled id="assign-search" name="pq" q={offered.q} keep={{ edit: propertyId }} label="Search products to assign" placeholder="Search products by name..." />
        <Form method="post" action={here} preventScrollReset className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="assign" />
          <input type="hidden" name="id" value={propertyId} />
          {offered.total > 0 ? (
            <PageSummary offset={offered.offset} shown={available.length} total={offered.total} noun={['product to assign', 'products to assign']} testId="assignable-count" />
          ) : null}
          {available.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
              {offered.q ? (
                `No product to assign matches “${offered.q}”.`
              ) : assigned.length === 0 ? (
                // Nothing assigned and nothing to assign: the catalogue itself is empty.
                <>
                  Your catalogue has no products yet.{' '}
                  <Link to="/products?new" className="font-medium text-brand-700 underline">
                    Add products
                  </Link>
                </>
              ) : (
                'All products are assigned'
              )}
            </p>
          ) : (
            <>
              <fieldset className="max-h-64 overflow-y-auto rounded-md border border-slate-200">
                <legend className="sr-only">Products to assign</legend>
                {available.map((product) => (
                  <label key={product.id} className="flex cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-b-0 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      name="productId"
                      value={product.id}
                      checked={selected.has(product.id)}
                      onChange={(e) => {
                        const next = new Set(selected)
                        if (e.target.checked) next.add(product.id)
                        else next.delete(product.id)
                        setSelected(next)
                      }}
                      className="h-4 w-4 rounded border-slate-300 text-brand-600"
                    />
                    <span className="min-w-0 flex-1 break-words text-slate-800">{product.name}</span>
                    {product.category ? <span className="text-xs text-slate-500">{product.category}</span> : null}
                  </label>
                ))}
              </fieldset>
              <Button type="submit" className="self-start" disabled={hydrated && count === 0} pending={busy('assign')} pendingLabel="Assigning...">
                {hydrated ? `Assign ${count} Product(s)` : 'Assign Selected Product(s)'}
              </Button>
            </>
          )}
        </Form>
        <PageNav params={params} page={offered.page} pageCount={offered.pageCount} pageParam="pp" label="Pages of products to assign" close={['select']} testId="assignable-pages" />
      </div>
      <div className="flex flex-col gap-3">
        <h4 className="text-sm font-medium text-slate-800">{`Assigned Products (${assigned.length})`}</h4>
        {assigned.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">No products assigned yet</p>
        ) : (
          <ul className="max-h-64 overflow-y-auto rounded-md border border-slate-200">
            {assigned.map((product) => (
              <li key={product.id} className="flex items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-b-0">
                <span className="min-w-0 flex-1 break-words text-slate-800">{product.name}</span>
                {product.category ? <span className="text-xs text-slate-500">{product.category}</span> : null}
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={propertyId} />
                  <input type="hidden" name="productId" value={product.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50"
                    aria-label={`Remove ${product.name}`}
                    pending={busy('remove', product.id)}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
