// The organisation's product catalog: what vendors can request and properties can stock.
import type { Product } from '@prisma/client'
import type { Selectable } from 'kysely'
import { db } from '~/lib/db.server'
import { tables, type Tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow } from '~/lib/sql.server'
import { NotFound } from '~/lib/errors'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { CATALOG_PAGE_SIZE } from '~/areas/catalogue/catalog-page.schema'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { inOrder, matcher, pageWindow, slicePage, type PageOf } from './catalog-page.server'

export type { Product }

export type ProductChanges = {
  name?: string
  category?: string | null
  description?: string | null
  price?: string | null
  imageUrl?: string | null
  thumbnailUrl?: string | null
  imageAlt?: string | null
  isActive?: boolean
  supplierId?: string | null
  unitCost?: number | null
}

export type NewProduct = ProductChanges & { name: string }

// The whole catalog is thousands of rows an integration reads again and again, and it changes only
// when someone edits it: reused until the next write (decision 119), as readonly rows.
const wholeCatalogs = reusedUntilWrite<readonly Readonly<Product>[]>({ most: 50 })

export async function listProducts(orgId: string, options: { activeOnly?: boolean } = {}): Promise<readonly Readonly<Product>[]> {
  return wholeCatalogs(`${orgId}|${options.activeOnly ? 'active' : 'all'}`, () =>
    db.product.findMany({
      where: { organisationId: orgId, ...(options.activeOnly ? { isActive: true } : {}) },
      orderBy: [{ category: 'asc' }, { name: 'asc' }],
    }),
  )
}

export type CategoryCount = { category: string | null; count: number }
export type ProductPage = PageOf<Product> & { categories: CategoryCount[] }

/** Named categories as SQLite orders them, the uncategorised last: the page's order of groups. */
function byCategory(a: CategoryCount, b: CategoryCount) {
  if (a.category === null || b.category === null) return a.category === b.category ? 0 : a.category === null ? 1 : -1
  return a.category < b.category ? -1 : a.category > b.category ? 1 : 0
}

/**
 * One page of the Products screen: the catalog by category (the uncategorised last), then name, with
 * how many products each category holds among the matches. Without a search the page is read through
 * the (organisationId, category, name) index, in two parts at most; a search matches names as the
 * API's searches do (beyond ASCII) over the organisation's names alone, then reads the page's
 * products by id. `/api/products` keeps answering the whole list (listProducts).
 */
export async function pageProducts(orgId: string, query: { q?: string; page?: number; size?: number } = {}): Promise<ProductPage> {
  const size = query.size ?? CATALOG_PAGE_SIZE
  const q = query.q?.trim() ?? ''
  const catalog = tables.selectFrom('Product').where('organisationId', '=', orgId)
  const inCatalogOrder = catalog.orderBy('category', 'asc').orderBy('name', 'asc').orderBy('id', 'asc')
  // Typed statements read together, not the ORM's (~1 ms of CPU each in its query compiler; decision 158).
  return readNow((sql) => {
    if (q) {
      const matches = matcher(q)
      const names = sql.all(inCatalogOrder.select(['id', 'name', 'category']))
      const matched = names.filter((p) => matches(p.name))
      // SQLite puts NULL first; the page shows the uncategorised last, so they are read last too.
      const ordered = [...matched.filter((p) => p.category !== null), ...matched.filter((p) => p.category === null)]
      const { shown, ...window } = slicePage(ordered, query.page ?? 1, size)
      const counts = new Map<string | null, number>()
      for (const p of ordered) counts.set(p.category, (counts.get(p.category) ?? 0) + 1)
      const ids = shown.map((p) => p.id)
      const rows = ids.length ? inOrder(ids, sql.all(catalog.selectAll().where('id', 'in', listed(ids))).map(asProduct)) : []
      return { ...window, rows, categories: [...counts].map(([category, count]) => ({ category, count })).sort(byCategory) }
    }
    const groups = sql.all(catalog.select((eb) => ['category', eb.fn.countAll<number>().as('n')]).groupBy('category'))
    const categories = groups.map((g) => ({ category: g.category, count: g.n })).sort(byCategory)
    const total = categories.reduce((sum, c) => sum + c.count, 0)
    const named = categories.reduce((sum, c) => sum + (c.category === null ? 0 : c.count), 0)
    const window = pageWindow(total, query.page ?? 1, size)
    const rows: Product[] = []
    if (window.offset < named) {
      const page = inCatalogOrder.selectAll().where('category', 'is not', null)
      rows.push(...sql.all(page.limit(size).offset(window.offset)).map(asProduct))
    }
    if (rows.length < size && window.offset + rows.length < total) {
      const uncategorised = catalog.selectAll().where('category', 'is', null).orderBy('name', 'asc').orderBy('id', 'asc')
      rows.push(...sql.all(uncategorised.limit(size - rows.length).offset(Math.max(0, window.offset - named))).map(asProduct))
    }
    return { ...window, total, rows, categories }
  })
}

/** A product row as the ORM gives it: the flag as a boolean, dates as dates. */
function asProduct(row: Selectable<Tables['Product']>): Product {
  return { ...row, isActive: row.isActive === 1, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }
}

/** The organisation's category names, for the product form's suggestions (grouped in the index, no product read). */
export async function productCategories(orgId: string): Promise<string[]> {
  const groups = await db.product.groupBy({ by: ['category'], where: { organisationId: orgId, category: { not: null } } })
  return [...new Set(groups.flatMap((g) => (g.category?.trim() ? [g.category.trim()] : [])))].sort()
}

/** Another organisation's product, or an id that is not one at all, is indistinguishable from a missing one. */
export async function findProduct(orgId: string, id: string): Promise<Product> {
  const product = await db.product.findFirst({ where: { id, organisationId: orgId } })
  if (!product) throw new NotFound('Product not found')
  return product
}

export async function createProduct(orgId: string, input: NewProduct): Promise<Product> {
  return db.product.create({ data: { ...input, organisationId: orgId } })
}

export async function updateProduct(orgId: string, id: string, changes: ProductChanges): Promise<Product> {
  const product = await findProduct(orgId, id)
  return db.product.update({ where: { id: product.id }, data: changes })
}

/** Request and invoice lines keep their copied product name; the schema nulls their link and drops property stock rows. */
export async function deleteProduct(orgId: string, id: string): Promise<void> {
  const product = await findProduct(orgId, id)
  await db.product.delete({ where: { id: product.id } })
  await recordAudit({ orgId, action: 'product.deleted', target: { type: 'product', id: product.id }, details: { name: product.name } })
}
