// The organisation's product catalog: what vendors can request and properties can stock.
import type { Product } from '@prisma/client'
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'
import { recordAudit } from './audit-log.server'

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
}

export type NewProduct = ProductChanges & { name: string }

export async function listProducts(orgId: string, options: { activeOnly?: boolean } = {}): Promise<Product[]> {
  return db.product.findMany({
    where: { organisationId: orgId, ...(options.activeOnly ? { isActive: true } : {}) },
    orderBy: [{ category: 'asc' }, { name: 'asc' }],
  })
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
