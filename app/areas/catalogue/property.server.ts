// Properties: an organisation's sites, their vendor QR codes and the catalog products assigned to them.
import crypto from 'node:crypto'
import { Prisma, type Product, type Property, type PropertyProduct } from '@prisma/client'
import { db } from '~/lib/db.server'
import { Conflict, Invalid, NotFound } from '~/lib/errors'
import { CATALOG_PAGE_SIZE } from '~/areas/catalogue/catalog-page.schema'
import { matcher, pageWindow, slicePage } from './catalog-page.server'
import { findProduct } from './product.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'

export type { Property }

/** Where a property's QR code points: the vendor's language picker. */
export function vendorUrl(origin: string, propertyId: string) {
  return `${origin.replace(/\/+$/, '')}/vendor/${propertyId}`
}

/**
 * What a property's QR code encodes: the URL stored when it was generated (so a printed code keeps
 * working after PUBLIC_URL changes), else the vendor page on this server.
 */
export function propertyQrUrl(property: { id: string; qrCodeUrl: string | null }, origin: string) {
  return property.qrCodeUrl ?? vendorUrl(origin, property.id)
}

/** Newest first; `search` matches name or address, case-insensitively (also beyond ASCII). */
export async function listProperties(orgId: string, options: { search?: string } = {}): Promise<Property[]> {
  const properties = await db.property.findMany({
    where: { organisationId: orgId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  // SQLite's LIKE folds only ASCII case; an organisation's portfolio is small enough to filter here.
  const matches = matcher(options.search ?? '')
  return properties.filter((p) => matches(p.name, p.address))
}

/** One of the organisation's properties; NotFound for another organisation's id or a malformed one. */
export async function findProperty(orgId: string, id: string): Promise<Property> {
  const property = await db.property.findFirst({ where: { id, organisationId: orgId } })
  if (!property) throw new NotFound('Property not found')
  return property
}

export type PropertyFields = { name: string; address: string; isActive: boolean; qrCodeActive: boolean }

/** Creates a property with its QR code already generated (spec §4: creating auto-generates it). */
export async function createProperty(orgId: string, fields: PropertyFields, origin: string): Promise<Property> {
  // The id is made here so the QR URL, which contains it, is written with the row.
  const id = crypto.randomUUID()
  return db.property.create({
    data: {
      id,
      organisationId: orgId,
      name: fields.name,
      address: fields.address,
      isActive: fields.isActive,
      qrCodeActive: fields.qrCodeActive,
      qrCodeUrl: vendorUrl(origin, id),
      qrCodeGeneratedAt: new Date(),
    },
  })
}

export type PropertyChanges = Partial<PropertyFields> & {
  qrCodeUrl?: string | null
  qrCodeGeneratedAt?: Date | null
}

/**
 * Changes only the fields given. A new address drops the old coordinates so it is geocoded again.
 * An active QR code always has a URL: one activated without a URL gets one made from `origin`.
 */
export async function updateProperty(orgId: string, id: string, changes: PropertyChanges, origin?: string): Promise<Property> {
  const property = await findProperty(orgId, id)
  const data: Prisma.PropertyUpdateInput = {}
  if (changes.name !== undefined) data.name = changes.name
  if (changes.isActive !== undefined) data.isActive = changes.isActive
  if (changes.qrCodeActive !== undefined) data.qrCodeActive = changes.qrCodeActive
  if (changes.qrCodeUrl !== undefined) data.qrCodeUrl = changes.qrCodeUrl
  if (changes.qrCodeGeneratedAt !== undefined) data.qrCodeGeneratedAt = changes.qrCodeGeneratedAt
  if (changes.qrCodeUrl && changes.qrCodeGeneratedAt === undefined && changes.qrCodeUrl !== property.qrCodeUrl) {
    data.qrCodeGeneratedAt = new Date()
  }
  const active = changes.qrCodeActive ?? property.qrCodeActive
  const url = changes.qrCodeUrl !== undefined ? changes.qrCodeUrl : property.qrCodeUrl
  if (active && !url && origin) {
    data.qrCodeUrl = vendorUrl(origin, property.id)
    data.qrCodeGeneratedAt = new Date()
  }
  if (changes.address !== undefined && changes.address !== property.address) {
    data.address = changes.address
    data.latitude = null
    data.longitude = null
    data.geocodedAddress = null
  }
  return db.property.update({ where: { id: property.id }, data })
}

/** Turns the QR code on; the URL and its time are made once and kept across later toggles. */
export async function activatePropertyQr(orgId: string, id: string, origin: string): Promise<Property> {
  const property = await findProperty(orgId, id)
  return db.property.update({
    where: { id: property.id },
    data: {
      qrCodeActive: true,
      ...(property.qrCodeUrl ? {} : { qrCodeUrl: vendorUrl(origin, property.id), qrCodeGeneratedAt: new Date() }),
    },
  })
}

/** Spec §4: deactivating clears the URL and its time as well; the /api does the same with a PUT. */
export function deactivatePropertyQr(orgId: string, id: string): Promise<Property> {
  return updateProperty(orgId, id, { qrCodeActive: false, qrCodeUrl: null, qrCodeGeneratedAt: null })
}

/** What stands in the way of deleting a property: requests made there and deliveries of those requests. */
export async function connectedData(orgId: string, propertyId: string) {
  const [requests, assignments] = await Promise.all([
    db.productRequest.count({ where: { organisationId: orgId, propertyId } }),
    db.runnerAssignment.count({ where: { organisationId: orgId, request: { propertyId } } }),
  ])
  return { requests, assignments }
}

const DELETE_SUGGESTIONS = [
  'Deactivate the property instead of deleting it.',
  'Archive or reassign its requests first, then delete it.',
]

/** Deletes a property and its product assignments; refuses while requests or deliveries refer to it. */
export async function deleteProperty(orgId: string, id: string): Promise<void> {
  const property = await findProperty(orgId, id)
  const blocking = await connectedData(orgId, property.id)
  if (blocking.requests > 0 || blocking.assignments > 0) {
    throw new Conflict('Property has connected data that prevents deletion.', { blocking, suggestions: DELETE_SUGGESTIONS })
  }
  await db.property.delete({ where: { id: property.id } })
  await recordAudit({ orgId, action: 'property.deleted', target: { type: 'property', id: property.id }, details: { name: property.name, address: property.address } })
}

/** The catalog products assigned to a property, by name, each with the property's par level for it. */
export async function listAssignedProducts(orgId: string, propertyId: string): Promise<Array<Product & { parLevel: number | null }>> {
  const property = await findProperty(orgId, propertyId)
  const rows = await db.propertyProduct.findMany({
    where: { propertyId: property.id, organisationId: orgId },
    include: { product: true },
    orderBy: { product: { name: 'asc' } },
  })
  return rows.map((r) => ({ ...r.product, parLevel: r.parLevel }))
}

/**
 * One page of the catalog products a property does not stock yet, in catalog order (category, then
 * name, through the catalog's index): what its editor offers to assign. A search matches product
 * names as the Products page does.
 */
export async function pageAssignableProducts(orgId: string, propertyId: string, query: { q?: string; page?: number; size?: number } = {}) {
  const property = await findProperty(orgId, propertyId)
  const size = query.size ?? CATALOG_PAGE_SIZE
  const where: Prisma.ProductWhereInput = { organisationId: orgId, properties: { none: { propertyId: property.id } } }
  const order: Prisma.ProductOrderByWithRelationInput[] = [{ category: 'asc' }, { name: 'asc' }, { id: 'asc' }]
  const select = { id: true, name: true, category: true } as const
  const q = query.q?.trim() ?? ''
  if (q) {
    const matches = matcher(q)
    const { shown, ...window } = slicePage(
      (await db.product.findMany({ where, select, orderBy: order })).filter((p) => matches(p.name)),
      query.page ?? 1,
      size,
    )
    return { ...window, rows: shown }
  }
  const total = await db.product.count({ where })
  const window = pageWindow(total, query.page ?? 1, size)
  const rows = total ? await db.product.findMany({ where, select, orderBy: order, skip: window.offset, take: size }) : []
  return { ...window, total, rows }
}

export type Assignment = PropertyProduct & { product: Product; alreadyAssigned: boolean }

/** Assigns one catalog product; one already assigned is skipped and its assignment answered as it is. */
export async function assignProduct(orgId: string, propertyId: string, productId: string): Promise<Assignment> {
  const property = await findProperty(orgId, propertyId)
  const product = await findProduct(orgId, productId)
  const existing = await db.propertyProduct.findUnique({
    where: { propertyId_productId: { propertyId: property.id, productId: product.id } },
  })
  if (existing) return { ...existing, product, alreadyAssigned: true }
  try {
    const created = await db.propertyProduct.create({
      data: { organisationId: orgId, propertyId: property.id, productId: product.id },
    })
    return { ...created, product, alreadyAssigned: false }
  } catch (err) {
    // Two managers assigning the same product at once: the second finds it assigned, as it would a moment later.
    if (!isUniqueViolation(err)) throw err
    const winner = await db.propertyProduct.findUniqueOrThrow({
      where: { propertyId_productId: { propertyId: property.id, productId: product.id } },
    })
    return { ...winner, product, alreadyAssigned: true }
  }
}

function isUniqueViolation(err: unknown) {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002'
}

/**
 * Assigns several products at once (the page's checklist). All of them checked first, so one
 * unknown product assigns none; already-assigned ones are skipped and counted.
 */
export async function assignProducts(orgId: string, propertyId: string, productIds: string[]) {
  const property = await findProperty(orgId, propertyId)
  const ids = [...new Set(productIds)]
  if (ids.length === 0) throw new Invalid('Select at least one product to assign.')
  const owned = await db.product.count({ where: { id: { in: ids }, organisationId: orgId } })
  if (owned !== ids.length) throw new NotFound('Product not found')
  const already = await db.propertyProduct.count({ where: { propertyId: property.id, productId: { in: ids } } })
  if (already === ids.length) throw new Invalid('All selected products are already assigned to this property.')
  let assigned = 0
  for (const productId of ids) {
    const result = await assignProduct(orgId, property.id, productId)
    if (!result.alreadyAssigned) assigned++
  }
  return { assigned, skipped: ids.length - assigned }
}

export async function removeProduct(orgId: string, propertyId: string, productId: string): Promise<void> {
  const property = await findProperty(orgId, propertyId)
  const { count } = await db.propertyProduct.deleteMany({
    where: { propertyId: property.id, productId, organisationId: orgId },
  })
  if (count === 0) throw new NotFound('Product is not assigned to this property')
  await recordAudit({ orgId, action: 'property.product_removed', target: { type: 'property', id: property.id }, details: { productId } })
}
