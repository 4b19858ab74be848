// The vendor page's catalog is kept in the process; these pin that it is never stale and that a
// view costs few queries.
import { queriesDuring } from '../../tests/support/query-count'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { updateProduct } from '~/models/product.server'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

async function vendorPage(propertyId: string) {
  const res = await app.client().get(`/vendor/${propertyId}/request?lang=en`)
  return { status: res.status, html: await res.text() }
}

test("a manager's product rename shows on the vendor page at once", async () => {
  const { organisation, property, products } = await givenStorefront()
  expect((await vendorPage(property.id)).html).toContain('Hand Soap Refill')
  await updateProduct(organisation.id, products[0]!.id, { name: 'Foaming Hand Soap' })
  const { html } = await vendorPage(property.id)
  expect(html).toContain('Foaming Hand Soap')
  expect(html).not.toContain('Hand Soap Refill')
})

test('a write that arrives from another machine (another connection to the file) shows at once too', async () => {
  const { property, products } = await givenStorefront({ name: 'Dockside Lofts' })
  expect((await vendorPage(property.id)).status).toBe(200)
  // As a LiteFS replica receives the primary's writes: not through this process's Prisma client.
  const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ''))
  other.prepare('UPDATE Product SET isActive = 0 WHERE id = ?').run(products[1]!.id)
  const after = await vendorPage(property.id)
  expect(after.html).not.toContain('Trash Bags 33 gal')
  other.prepare('UPDATE Property SET qrCodeActive = 0 WHERE id = ?').run(property.id)
  other.close()
  expect((await vendorPage(property.id)).status).toBe(404)
})

test('a vendor page view reads the catalog in three queries, and a repeat view in none at all', async () => {
  const { property } = await givenStorefront({ name: 'Query Count Court' })
  const client = app.client()
  // The first visit also counts the scan; the count is per visit, so the next views are plain reads.
  // The property, its assignments, its products: Prisma's three statements for one nested read.
  await client.get(`/vendor/${property.id}/request?lang=en`)
  const cold = await queriesDuring(async () => {
    await new Database(process.env.DATABASE_URL!.replace(/^file:/, '')).prepare('UPDATE Property SET updatedAt = updatedAt WHERE id = ?').run(property.id)
    await client.get(`/vendor/${property.id}/request?lang=en`)
  })
  expect(cold.length).toBeLessThanOrEqual(3)
  const warm = await queriesDuring(() => client.get(`/vendor/${property.id}/request?lang=en`))
  expect(warm).toEqual([])
})
