// The vendor page's catalog is kept in the process; these pin that it is never stale and that a
// view costs few queries.
import { queriesDuring } from '../../tests/support/query-count'
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'
import { updateProduct } from '~/models/product.server'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'
import type { TestClient } from '../../tests/support/client'

const app = withTestServer()
// One phone: after its first view it carries only the language and visit cookies, so its later
// views are the ones the page cache answers.
let phone: TestClient

async function vendorPage(propertyId: string) {
  phone ??= app.client()
  const res = await phone.get(`/vendor/${propertyId}/request?lang=en`)
  return { status: res.status, html: await res.text(), cache: res.headers.get('x-page-cache'), csp: res.headers.get('content-security-policy') ?? '' }
}

test("a manager's product rename shows on the vendor page at once, even on a page served from the cache", async () => {
  const { organisation, property, products } = await givenStorefront()
  expect((await vendorPage(property.id)).html).toContain('Hand Soap Refill')
  await vendorPage(property.id)
  const cached = await vendorPage(property.id)
  expect(cached.cache).toBe('hit')
  expect(cached.html).toContain('Hand Soap Refill')
  await updateProduct(organisation.id, products[0]!.id, { name: 'Foaming Hand Soap' })
  const { html } = await vendorPage(property.id)
  expect(html).toContain('Foaming Hand Soap')
  expect(html).not.toContain('Hand Soap Refill')
})

test('a page from the cache carries the nonce of its own response, never the one it was first rendered with', async () => {
  const { property } = await givenStorefront({ name: 'Nonce Place' })
  const seen = new Set<string>()
  const answeredBy = []
  for (let i = 0; i < 4; i++) {
    const page = await vendorPage(property.id)
    answeredBy.push(page.cache)
    const nonce = /'nonce-([^']+)'/.exec(page.csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(page.html).toContain(`nonce="${nonce}"`)
    seen.add(nonce!)
  }
  expect(seen.size).toBe(4)
  expect(answeredBy.slice(2)).toEqual(['hit', 'hit'])
})

test('a phone with a cart gets its own page, not the shared one', async () => {
  const { property, products } = await givenStorefront({ name: 'Cart Court' })
  const c = app.client()
  await c.get(`/vendor/${property.id}/request?lang=en`)
  await c.postForm(`/vendor/${property.id}/request`, { intent: 'add', productId: products[0]!.id, lang: 'en' })
  const res = await c.get(`/vendor/${property.id}/request?lang=en`)
  expect(res.headers.get('x-page-cache')).toBeNull()
  expect(await res.text()).toMatch(/Quantity: 1/)
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
