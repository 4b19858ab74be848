// Products (spec §2.8): the organisation's catalog, grouped by category, searched by name and shown
// 50 at a time (decision 101). What is open lives in the URL (?q, ?page, ?new, ?edit=<id>,
// ?delete=<id>), so every dialog and page is a link and every change a form post that works without
// JavaScript and lands back on the same search and page; the product form is multipart so its photo
// goes up with it.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useMemo } from 'react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { CatalogCsvLinks } from '~/routes/_app+/components/catalog-csv-links'
import { ProductCard, ProductCardIcons, type ProductCardData } from '~/areas/catalogue/components/product-card'
import { ProductTranslationsMissing } from '~/areas/catalogue/components/product-translations-missing'
import { ProductFormDialog } from '~/areas/catalogue/components/product-form'
import { ProductTranslationsDialog } from '~/areas/catalogue/components/product-translations-dialog'
import { ButtonLink } from '~/ui/button'
import { Card } from '~/ui/card'
import { PageNav, PageSummary } from '~/routes/_app+/components/catalog-pager'
import { SearchBox } from '~/areas/requests/components/request-filters'
import { ConfirmDialog } from '~/ui/confirm-dialog'
import { EmptyState } from '~/ui/empty-state'
import { Invalid, NotFound, TooLarge } from '~/lib/errors'
import { readMultipartForm } from '~/lib/multipart.server'
import { redirectWithToast } from '~/lib/toast.server'
import { usePolling } from '~/lib/use-polling'
import { findProduct, pageProducts, productCategories, type Product } from '~/areas/catalogue/product.server'
import { readCatalogQuery } from '~/areas/catalogue/catalog-page.schema'
import { missingTranslations, productTranslations } from '~/areas/catalogue/product-translation.server'
import { findCategory } from '~/areas/catalogue/category-translation.server'
import { requireManager } from '~/areas/people/auth.server'
import { listSuppliers } from '~/areas/purchasing/supplier.server'
import { MAX_UPLOAD_BYTES } from '~/lib/images.server'
import { intentHandler } from '~/lib/intents'
import { PRODUCT_INTENTS } from './products.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { formatDate } from '~/lib/format'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['create', 'update', 'delete', 'translations', 'category-translations'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'Products · Stockrun' }]

const REFETCH_MS = 60_000
const LIST = '/products'
const UNCATEGORIZED = 'Uncategorized'

function forPage(p: Product, timeZone: string) {
  return {
    id: p.id,
    name: p.name,
    category: p.category,
    description: p.description,
    price: p.price,
    imageUrl: p.imageUrl,
    thumbnailUrl: p.thumbnailUrl,
    imageAlt: p.imageAlt,
    isActive: p.isActive,
    supplierId: p.supplierId,
    unitCost: p.unitCost,
    createdAt: p.createdAt.toISOString(),
    // Read on the organisation's clock, made here so the server's page and the browser's agree.
    added: formatDate(p.createdAt, timeZone),
  }
}

/** The list as the manager left it (their search and page), with one dialog open or none. */
function listHref(params: URLSearchParams, dialog?: [string, string]) {
  const kept = new URLSearchParams()
  for (const key of ['q', 'page']) {
    const value = params.get(key)
    if (value) kept.set(key, value)
  }
  const parts = kept.toString() ? [kept.toString()] : []
  if (dialog) parts.push(dialog[1] ? `${dialog[0]}=${encodeURIComponent(dialog[1])}` : dialog[0])
  return parts.length ? `${LIST}?${parts.join('&')}` : LIST
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const orgId = manager.orgId
  const params = new URL(request.url).searchParams
  const query = readCatalogQuery(params)
  const back = listHref(params)
  const [page, timeZone, untranslated] = await Promise.all([pageProducts(orgId, query), organisationTimeZone(orgId), missingTranslations(orgId)])
  // A dialog's product is usually on the page; a shared link may name one on another page.
  const opened = async (param: string) => {
    const id = params.get(param)
    if (!id) return { asked: false, product: null }
    const product =
      page.rows.find((p) => p.id === id) ??
      (await findProduct(orgId, id).catch((err) => {
        if (err instanceof NotFound) return null
        throw err
      }))
    return { asked: true, product }
  }
  const [edit, remove, translate] = await Promise.all([opened('edit'), opened('delete'), opened('translate')])
  if ((edit.asked && !edit.product) || (remove.asked && !remove.product) || (translate.asked && !translate.product)) {
    throw await redirectWithToast(back, { title: 'Product not found', description: 'It may have been deleted.', variant: 'error' })
  }
  const editing = edit.product
  const deleting = remove.product
  const creating = params.has('new') && !editing
  const translating = translate.product ? await productTranslations(orgId, translate.product.id) : null
  const categoryAsked = params.get('translate-category')
  const translatingCategory = categoryAsked
    ? await findCategory(orgId, categoryAsked).catch(async (err) => {
        if (!(err instanceof NotFound)) throw err
        throw await redirectWithToast(back, { title: 'Category not found', description: 'No product is in it any more.', variant: 'error' })
      })
    : null
  return json({
    query: { q: query.q, page: page.page },
    products: page.rows.map((p) => forPage(p, timeZone)),
    total: page.total,
    offset: page.offset,
    pageCount: page.pageCount,
    // How many products each category holds among the matches, for its heading on any page.
    categoryCounts: page.categories.map((c) => ({ name: c.category?.trim() || UNCATEGORIZED, count: c.count })),
    // The form's suggestions, read only when the form is open.
    categories: creating || editing ? await productCategories(orgId) : [],
    suppliers: creating || editing ? (await listSuppliers(orgId)).map((x) => ({ id: x.id, name: x.name })) : [],
    creating,
    editing: editing ? forPage(editing, timeZone) : null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
    translating: translating
      ? { id: translating.id, name: translating.name, description: translating.description, translations: translating.translations }
      : null,
    translatingCategory: translatingCategory
      ? { id: translatingCategory.name, name: translatingCategory.name, description: null, translations: translatingCategory.translations }
      : null,
    untranslated,
  })
}

/** A failure before the form could even be read is told under the name of what was being done. */
function failureTitle(url: URL) {
  if (url.searchParams.has('delete')) return 'Failed to delete product.'
  if (url.searchParams.has('edit')) return 'Failed to update product.'
  if (url.searchParams.has('translate') || url.searchParams.has('translate-category')) return 'Failed to save the translations.'
  return 'Failed to create product.'
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const orgId = manager.orgId
  const url = new URL(request.url)
  // Back to the search and page the manager was on.
  const back = listHref(url.searchParams)
  let formData: FormData
  try {
    formData = await readMultipartForm(request, { maxFileBytes: MAX_UPLOAD_BYTES })
  } catch (err) {
    if (err instanceof TooLarge || err instanceof Invalid) {
      // Back to the open dialog, so a smaller photo can be picked.
      return redirectWithToast(url.pathname + url.search, { title: failureTitle(url), description: err.message, variant: 'error' })
    }
    throw err
  }
  const handle = intentHandler(PRODUCT_INTENTS, formData.get('intent'))
  if (!handle) return json({ error: 'Unknown action' }, { status: 400 })
  return handle({ orgId, form: formData, id: String(formData.get('id') ?? ''), back })
}

type PageProduct = ProductCardData & { category: string | null }

/** The page's products under their category headings, in the page's order (the uncategorised last, as read). */
function groupByCategory(products: PageProduct[]) {
  const groups = new Map<string, PageProduct[]>()
  for (const product of products) {
    const name = product.category?.trim() || UNCATEGORIZED
    groups.set(name, [...(groups.get(name) ?? []), product])
  }
  return [...groups.entries()]
}

const DIALOGS = ['new', 'edit', 'delete', 'translate', 'translate-category']

export default function ProductsPage() {
  const data = useLoaderData<typeof loader>()
  const { query, products, total, offset, pageCount, categoryCounts, categories, suppliers, creating, editing, deleting, translating, translatingCategory, untranslated } = data
  const [params] = useSearchParams()
  const actionData = useActionData<typeof action>()
  const lastResult = actionData && 'result' in actionData ? actionData.result : null
  const dialogOpen = creating || editing !== null || deleting !== null || translating !== null || translatingCategory !== null
  // A refetch while a dialog is open would only disturb it.
  usePolling(REFETCH_MS, !dialogOpen)
  const groups = useMemo(() => groupByCategory(products), [products])
  const inCategory = useMemo(() => {
    const counts = new Map<string, number>()
    for (const c of categoryCounts) counts.set(c.name, (counts.get(c.name) ?? 0) + c.count)
    return counts
  }, [categoryCounts])
  const closeTo = listHref(params)
  const open = (dialog: string, value = '') => listHref(params, [dialog, value])

  const newProduct = (label: string) => (
    <ButtonLink to={open('new')} preventScrollReset>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {label}
    </ButtonLink>
  )

  return (
    <>
      <PageHeader
        title="Products"
        description="Your product catalog: what vendors can request at your properties"
        action={
          <>
            <CatalogCsvLinks kind="products" />
            {newProduct('New Product')}
          </>
        }
      />
      <ProductTranslationsMissing total={untranslated.total} products={untranslated.products} hrefFor={(id) => open('translate', id)} />
      {total === 0 && !query.q ? (
        <EmptyState title="No Products Found" action={newProduct('Add Product')}>
          Get started by adding your first product to the catalog.
        </EmptyState>
      ) : (
        <>
          <Card className="mb-6 p-4">
            <SearchBox labelled id="product-search" q={query.q} label="Search products" placeholder="Search products by name..." />
            <div className="mt-3">
              <PageSummary offset={offset} shown={products.length} total={total} noun={['product', 'products']} testId="product-count" />
            </div>
          </Card>
          {products.length === 0 ? (
            <EmptyState title="No Products Found">{`No product matches “${query.q}”. Try another name.`}</EmptyState>
          ) : (
            <>
              <ProductCardIcons />
              <div className="space-y-8">
                {groups.map(([category, items], index) => (
                  <section key={category} aria-labelledby={`category-${index}`}>
                    <div className="mb-3 flex items-baseline gap-2">
                      <h2 id={`category-${index}`} className="flex items-baseline gap-2 text-lg font-semibold text-slate-900">
                        {category}
                        <span className="text-sm font-normal text-slate-500">({(inCategory.get(category) ?? items.length).toLocaleString('en-US')})</span>
                      </h2>
                      {category === UNCATEGORIZED ? null : (
                        <Link
                          to={open('translate-category', category)}
                          preventScrollReset
                          className="ml-auto text-sm text-brand-600 hover:underline"
                          aria-label={`Translate the heading ${category}`}
                        >
                          Translate
                        </Link>
                      )}
                    </div>
                    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                      {items.map((product) => (
                        <li key={product.id} className="flex">
                          <ProductCard product={product} hrefFor={open} />
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </>
          )}
          <PageNav params={params} page={query.page} pageCount={pageCount} label="Product pages" close={DIALOGS} testId="product-pages" />
        </>
      )}
      {creating || editing ? (
        <ProductFormDialog key={editing?.id ?? 'new'} product={editing} categories={categories} suppliers={suppliers} lastResult={lastResult} closeTo={closeTo} />
      ) : null}
      {translating ? <ProductTranslationsDialog key={translating.id} product={translating} lastResult={lastResult} closeTo={closeTo} /> : null}
      {translatingCategory ? (
        <ProductTranslationsDialog key={`category-${translatingCategory.id}`} category product={translatingCategory} lastResult={lastResult} closeTo={closeTo} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          description="Are you sure you want to delete this product?"
          closeTo={closeTo}
          intent="delete"
          fields={{ id: deleting.id }}
        />
      ) : null}
    </>
  )
}
