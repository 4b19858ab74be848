// The public face of a property: what a vendor who scans its QR code may see. Only an active
// property, only its name and address, and only the active products assigned to it; never prices,
// organisation ids or anything else of the organisation's.
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'

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
}

/** The property and, for the server's own use only, the organisation it belongs to. */
export async function findStorefrontOwner(propertyId: string) {
  const property = await db.property.findFirst({
    where: { id: propertyId, isActive: true, qrCodeActive: true },
    select: { id: true, name: true, address: true, organisationId: true },
  })
  if (!property) throw new NotFound('Property not found')
  const { organisationId, ...storefront } = property
  return { storefront: storefront satisfies Storefront, organisationId }
}

/**
 * An unknown id, an inactive property and one whose QR code was switched off look the same to the
 * public: not found. Switching a code off is how a manager retires a printed code.
 */
export async function findStorefront(propertyId: string): Promise<Storefront> {
  return (await findStorefrontOwner(propertyId)).storefront
}

export async function listStorefrontProducts(propertyId: string): Promise<StorefrontProduct[]> {
  const rows = await db.propertyProduct.findMany({
    where: { propertyId, property: { isActive: true, qrCodeActive: true }, product: { isActive: true } },
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
  })
  return rows
    .map((row) => row.product)
    .sort((a, b) => (a.category ?? '\uffff').localeCompare(b.category ?? '\uffff') || a.name.localeCompare(b.name))
}
