// Products (spec §2.8): the organisation's catalog, grouped by category. What is open lives in the
// URL (?new, ?edit=<id>, ?delete=<id>), so every dialog is a link and every change a form post that
// works without JavaScript; the product form is multipart so its photo goes up with it.
import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useMemo } from 'react'
import { usePermissions } from '~/components/use-permissions'
import { PageHeader } from '~/components/page-header'
import { ProductCard, type ProductCardData } from '~/components/product-card'
import { ProductTranslationsMissing } from '~/components/product-translations-missing'
import { ProductFormDialog } from '~/components/product-form'
import { ProductTranslationsDialog } from '~/components/product-translations-dialog'
import { ButtonLink, buttonClasses } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { EmptyState } from '~/components/ui/empty-state'
import { Invalid, NotFound, TooLarge } from '~/lib/errors'
import { withErrorToast } from '~/lib/form-errors.server'
import { readMultipartForm } from '~/lib/multipart.server'
import { ProductForm } from '~/lib/schemas/product'
import { ProductTranslationsForm } from '~/lib/schemas/translation'
import { redirectWithToast } from '~/lib/toast.server'
import { usePolling } from '~/lib/use-polling'
import { createProduct, deleteProduct, findProduct, listProducts, updateProduct, type Product } from '~/models/product.server'
import { missingTranslations, productTranslations, saveProductTranslations } from '~/models/product-translation.server'
import { findCategory, saveCategoryTranslations } from '~/models/category-translation.server'
import { requireManager } from '~/services/auth.server'
import { MAX_UPLOAD_BYTES, storeUploadedImage } from '~/services/images.server'
import { organisationTimeZone } from '~/models/organisation-time-zone.server'
import { formatDate } from '~/lib/format'

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
    createdAt: p.createdAt.toISOString(),
    // Read on the organisation's clock, made here so the server's page and the browser's agree.
    added: formatDate(p.createdAt, timeZone),
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const params = new URL(request.url).searchParams
  const [products, timeZone] = await Promise.all([listProducts(manager.orgId), organisationTimeZone(manager.orgId)])
  const opened = (param: string) => {
    const id = params.get(param)
    return { asked: Boolean(id), product: id ? (products.find((p) => p.id === id) ?? null) : null }
  }
  const edit = opened('edit')
  const remove = opened('delete')
  if ((edit.asked && !edit.product) || (remove.asked && !remove.product)) {
    throw await redirectWithToast(LIST, { title: 'Product not found', description: 'It may have been deleted.', variant: 'error' })
  }
  const editing = edit.product
  const deleting = remove.product
  const translate = opened('translate')
  if (translate.asked && !translate.product) {
    throw await redirectWithToast(LIST, { title: 'Product not found', description: 'It may have been deleted.', variant: 'error' })
  }
  const translating = translate.product ? await productTranslations(manager.orgId, translate.product.id) : null
  const categoryAsked = params.get('translate-category')
  const translatingCategory = categoryAsked
    ? await findCategory(manager.orgId, categoryAsked).catch(async (err) => {
        if (!(err instanceof NotFound)) throw err
        throw await redirectWithToast(LIST, { title: 'Category not found', description: 'No product is in it any more.', variant: 'error' })
      })
    : null
  return json({
    products: products.map((p) => forPage(p, timeZone)),
    categories: [...new Set(products.map((p) => p.category?.trim()).filter((c): c is string => Boolean(c)))].sort(),
    creating: params.has('new') && !editing,
    editing: editing ? forPage(editing, timeZone) : null,
    deleting: deleting ? { id: deleting.id, name: deleting.name } : null,
    translating: translating
      ? { id: translating.id, name: translating.name, description: translating.description, translations: translating.translations }
      : null,
    translatingCategory: translatingCategory
      ? { id: translatingCategory.name, name: translatingCategory.name, description: null, translations: translatingCategory.translations }
      : null,
    untranslated: await missingTranslations(manager.orgId),
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
  const intent = String(formData.get('intent') ?? '')
  const id = String(formData.get('id') ?? '')

  if (intent === 'delete') {
    return withErrorToast(LIST, 'Failed to delete product.', async () => {
      await deleteProduct(orgId, id)
      return redirectWithToast(LIST, { title: 'Product deleted successfully.' })
    })
  }
  if (intent === 'translations') {
    const submission = parseWithZod(formData, { schema: ProductTranslationsForm })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    return withErrorToast(LIST, 'Failed to save the translations.', async () => {
      const saved = await saveProductTranslations(orgId, id, submission.value.translations)
      return redirectWithToast(LIST, { title: `Translations of ${saved.name} saved.` })
    })
  }
  if (intent === 'category-translations') {
    const submission = parseWithZod(formData, { schema: ProductTranslationsForm })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    return withErrorToast(LIST, 'Failed to save the translations.', async () => {
      const saved = await saveCategoryTranslations(orgId, id, submission.value.translations)
      return redirectWithToast(LIST, { title: `Translations of the category ${saved.name} saved.` })
    })
  }
  if (intent !== 'create' && intent !== 'update') return json({ error: 'Unknown action' }, { status: 400 })

  const submission = parseWithZod(formData, { schema: ProductForm })
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
  const { image, removeImage, ...fields } = submission.value
  const creating = intent === 'create'

  return withErrorToast(LIST, creating ? 'Failed to create product.' : 'Failed to update product.', async () => {
    // Checked before the photo is stored, so a stale edit leaves no orphan image behind.
    if (!creating) await findProduct(orgId, id)
    let picture: { imageUrl: string | null; thumbnailUrl: string | null } | Record<string, never> = {}
    if (image) {
      try {
        picture = await storeUploadedImage(image, { orgId })
      } catch (err) {
        if (err instanceof Invalid || err instanceof TooLarge) {
          return json({ result: submission.reply({ fieldErrors: { image: [err.message] } }) }, { status: 400 })
        }
        throw err
      }
    } else if (removeImage) {
      picture = { imageUrl: null, thumbnailUrl: null }
    }
    if (creating) {
      await createProduct(orgId, { ...fields, ...picture })
      return redirectWithToast(LIST, { title: 'Product created successfully.' })
    }
    await updateProduct(orgId, id, { ...fields, ...picture })
    return redirectWithToast(LIST, { title: 'Product updated successfully.' })
  })
}

type PageProduct = ProductCardData & { category: string | null }

function groupByCategory(products: PageProduct[]) {
  const groups = new Map<string, PageProduct[]>()
  for (const product of products) {
    const name = product.category?.trim() || UNCATEGORIZED
    groups.set(name, [...(groups.get(name) ?? []), product])
  }
  // Named categories alphabetically, the leftovers last.
  return [...groups.entries()].sort(([a], [b]) => (a === UNCATEGORIZED ? 1 : b === UNCATEGORIZED ? -1 : a.localeCompare(b)))
}

export default function ProductsPage() {
  const { products, categories, creating, editing, deleting, translating, translatingCategory, untranslated } = useLoaderData<typeof loader>()
  const may = usePermissions()
  const actionData = useActionData<typeof action>()
  const lastResult = actionData && 'result' in actionData ? actionData.result : null
  const dialogOpen = creating || editing !== null || deleting !== null || translating !== null || translatingCategory !== null
  // A refetch while a dialog is open would only disturb it.
  usePolling(REFETCH_MS, !dialogOpen)
  const groups = useMemo(() => groupByCategory(products), [products])

  const newProduct = (label: string) => (
    <ButtonLink to="?new" preventScrollReset>
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
            <a href="/api/products?format=csv" download className={buttonClasses('secondary')}>
              Export CSV
            </a>
            {may.import ? (
              <ButtonLink to="/import" variant="secondary">
                Import CSV
              </ButtonLink>
            ) : null}
            {newProduct('New Product')}
          </>
        }
      />
      <ProductTranslationsMissing products={untranslated} />
      {products.length === 0 ? (
        <EmptyState title="No Products Found" action={newProduct('Add Product')}>
          Get started by adding your first product to the catalog.
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {groups.map(([category, items], index) => (
            <section key={category} aria-labelledby={`category-${index}`}>
              <div className="mb-3 flex items-baseline gap-2">
                <h2 id={`category-${index}`} className="flex items-baseline gap-2 text-lg font-semibold text-slate-900">
                  {category}
                  <span className="text-sm font-normal text-slate-500">({items.length})</span>
                </h2>
                {category === UNCATEGORIZED ? null : (
                  <Link
                    to={`?translate-category=${encodeURIComponent(category)}`}
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
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {creating || editing ? (
        <ProductFormDialog key={editing?.id ?? 'new'} product={editing} categories={categories} lastResult={lastResult} closeTo={LIST} />
      ) : null}
      {translating ? <ProductTranslationsDialog key={translating.id} product={translating} lastResult={lastResult} closeTo={LIST} /> : null}
      {translatingCategory ? (
        <ProductTranslationsDialog key={`category-${translatingCategory.id}`} category product={translatingCategory} lastResult={lastResult} closeTo={LIST} />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          description="Are you sure you want to delete this product?"
          closeTo={LIST}
          intent="delete"
          fields={{ id: deleting.id }}
        />
      ) : null}
    </>
  )
}
