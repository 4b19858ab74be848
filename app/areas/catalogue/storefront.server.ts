// The public face of a property: what a vendor who scans its QR code may see. Only an active
// property, only its name and address, and only the active products assigned to it; never prices,
// organisation ids or anything else of the organisation's.
import { db } from '~/lib/db.server'
import { dataVersion } from '~/lib/db-version.server'
import { NotFound } from '~/lib/errors'
import { categoryHeadings } from './category-translation.server'

export type Storefront = { id: string; name: string; address: string }

export type StorefrontProduct = {
  id: string
  name: string
  category: string | null
  description: string | null
  imageUrl: string | null
  thumbnailUrl: string | null
  imageAlt: string | null
  /** issue 15: the product's text in the vendor languages; pass the list through inLanguage() before showing it. */
  translations?: Array<{ language: string; name: string; description: string | null }>
  /** issue 28: the category heading in the vendor languages; inLanguage() picks one too. */
  categoryTranslations?: Array<{ language: string; name: string }>
}

type StorefrontData = { storefront: Storefront; organisationId: string; products: StorefrontProduct[] } | null

/** The property, its organisation and its offered products, in one round trip's worth of queries. */
async function loadStorefront(propertyId: string): Promise<StorefrontData> {
  const property = await db.property.findFirst({
    where: { id: propertyId, isActive: true, qrCodeActive: true },
    select: {
      id: true,
      name: true,
      address: true,
      organisationId: true,
      products: {
        where: { product: { isActive: true } },
        select: {
          product: {
            select: {
              id: true,
              name: true,
              category: true,
              description: true,
              imageUrl: true,
              thumbnailUrl: true,
              imageAlt: true,
              // issue 15: every language comes along, so one cached list serves all six; inLanguage() picks one.
              translations: { select: { language: true, name: true, description: true } },
            },
          },
        },
      },
    },
  })
  if (!property) return null
  const { organisationId, products, ...storefront } = property
  // Kept with the storefront, so a saved heading shows as soon as the write empties the cache.
  const headings = new Map<string, Array<{ language: string; name: string }>>()
  for (const h of await categoryHeadings(organisationId)) headings.set(h.category, [...(headings.get(h.category) ?? []), h])
  return {
    storefront: storefront satisfies Storefront,
    organisationId,
    products: products
      .map(({ product }) => ({ ...product, categoryTranslations: (product.category && headings.get(product.category.trim())) || [] }))
      .sort((a, b) => (a.category ?? '\uffff').localeCompare(b.category ?? '\uffff') || a.name.localeCompare(b.name)),
  }
}

// A whole building of vendors scans the same code in the same minute: the storefront is read far
// more often than it changes, so it is kept in the process and thrown away on ANY committed write
// to the database (dataVersion), including writes replicated from another machine. Coarse, but it
// cannot serve a stale catalog, and a page view itself writes nothing.
const MAX_CACHED = 2_000
let cachedAt = -1
const cache = new Map<string, Promise<StorefrontData>>()

function cachedStorefront(propertyId: string): Promise<StorefrontData> {
  const version = dataVersion()
  if (version !== cachedAt) {
    cache.clear()
    cachedAt = version
  }
  let hit = cache.get(propertyId)
  if (!hit) {
    if (cache.size >= MAX_CACHED) cache.clear()
    hit = loadStorefront(propertyId)
    cache.set(propertyId, hit)
    // A failed read is not remembered.
    hit.catch(() => cache.get(propertyId) === hit && cache.delete(propertyId))
  }
  return hit
}

/** The property and, for the server's own use only, the organisation it belongs to. */
export async function findStorefrontOwner(propertyId: string) {
  const found = await cachedStorefront(propertyId)
  if (!found) throw new NotFound('Property not found')
  return { storefront: found.storefront, organisationId: found.organisationId }
}

/**
 * An unknown id, an inactive property and one whose QR code was switched off look the same to the
 * public: not found. Switching a code off is how a manager retires a printed code.
 */
export async function findStorefront(propertyId: string): Promise<Storefront> {
  return (await findStorefrontOwner(propertyId)).storefront
}

export async function listStorefrontProducts(propertyId: string): Promise<StorefrontProduct[]> {
  return (await cachedStorefront(propertyId))?.products ?? []
}
