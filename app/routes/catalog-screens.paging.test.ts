// The catalogue screens at any size (issue 27, decision 101): Products, Logistics and QR Code
// Management show 50 rows at a time with a search, a count and Previous/Next links that are plain
// GET links, so a manager pages through thousands without JavaScript; bad paging input is a page, never a 500.
import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignedProduct, givenProduct, givenProperty } from '../../tests/fixtures/catalog'
import { organisationOf } from '../../tests/fixtures/people'
import type { TestClient } from '../../tests/support/client'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `catalog-paging-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

/** The page's visible text, roughly as a person reads it. */
function visibleText(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

async function page(client: TestClient, path: string) {
  const res = await client.get(path)
  expect(res.status, path).toBe(200)
  const html = await res.text()
  return { html, text: visibleText(html) }
}

/** The list itself: what follows the count (the missing-translations note above it names products too). */
const list = (text: string) => text.slice(text.indexOf('Showing'))

/** The href of the link named `name` in the navigation landmark `nav`, entities decoded. */
function linkIn(html: string, nav: string, name: 'Previous' | 'Next') {
  const landmark = new RegExp(`<nav aria-label="${nav}"[\\s\\S]*?</nav>`).exec(html)?.[0] ?? ''
  const link = [...landmark.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].find((m) => visibleText(m[2]!).includes(name))
  return link ? link[1]!.replace(/&amp;/g, '&') : null
}

/** `count` products named "<prefix> 001"…, in one statement (the page is what is tested, not the making). */
async function givenProducts(orgId: string, count: number, fields: { prefix?: string; category?: string | null } = {}) {
  const prefix = fields.prefix ?? 'Item'
  await db.product.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      organisationId: orgId,
      name: `${prefix} ${String(i + 1).padStart(3, '0')}`,
      category: fields.category === undefined ? 'Cleaning' : fields.category,
    })),
  })
}

/** `count` properties, "<prefix> 001" the oldest, one minute apart. */
async function givenProperties(orgId: string, count: number, fields: { prefix?: string; qrCodeActive?: boolean } = {}) {
  const prefix = fields.prefix ?? 'Site'
  const start = Date.now() - count * 60_000
  await db.property.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      organisationId: orgId,
      name: `${prefix} ${String(i + 1).padStart(3, '0')}`,
      address: `${i + 1} Harbour Road`,
      qrCodeActive: fields.qrCodeActive ?? false,
      qrCodeUrl: fields.qrCodeActive ? `https://x.example/vendor/${prefix}-${i}` : null,
      createdAt: new Date(start + i * 60_000),
    })),
  })
}

describe('the Products page, a page at a time', () => {
  test('shows 50 products with a count, and Next leads to the next 50 and Previous back', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 120)
    const first = await page(client, '/products')
    expect(first.text).toContain('Showing 1–50 of 120 products')
    expect(list(first.text)).toContain('Item 001')
    expect(list(first.text)).toContain('Item 050')
    expect(list(first.text)).not.toContain('Item 051')
    // The category heading counts the whole category, not this page's share of it.
    expect(first.text).toContain('Cleaning (120)')
    expect(linkIn(first.html, 'Product pages', 'Previous')).toBeNull()
    const next = linkIn(first.html, 'Product pages', 'Next')
    expect(next).toBe('/products?page=2')

    const second = await page(client, next!)
    expect(second.text).toContain('Showing 51–100 of 120 products')
    expect(list(second.text)).toContain('Item 051')
    expect(list(second.text)).not.toContain('Item 050')
    expect(second.text).toContain('Page 2 of 3')
    expect(linkIn(second.html, 'Product pages', 'Previous')).toMatch(/^\/products\??$/)
    const last = await page(client, linkIn(second.html, 'Product pages', 'Next')!)
    expect(last.text).toContain('Showing 101–120 of 120 products')
    expect(last.text).toContain('Item 120')
    expect(linkIn(last.html, 'Product pages', 'Next')).toBeNull()
  })

  test('the uncategorised come last, after every named category, across pages', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 30, { prefix: 'Loose', category: null })
    await givenProducts(orgId, 40, { prefix: 'Mop', category: 'Zeta' })
    const first = list((await page(client, '/products')).text)
    expect(first).toMatch(/Zeta \(40\)[\s\S]*Mop 040[\s\S]*Uncategorized \(30\)[\s\S]*Loose 010/)
    expect(first).not.toContain('Loose 011')
    const second = list((await page(client, '/products?page=2')).text)
    expect(second).toContain('Uncategorized (30) Loose 011')
    expect(second).not.toContain('Mop 0')
  })

  test('a search narrows the list by name, counts what it found, and its pages keep it', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 60, { prefix: 'Soap' })
    await givenProducts(orgId, 60, { prefix: 'Towel' })
    await givenProduct(orgId, { name: 'Ölseife', category: 'Cleaning' })
    const found = await page(client, '/products?q=soap')
    expect(found.html).toMatch(/<form[^>]*method="get"[^>]*role="search"/)
    expect(found.html).toContain('value="soap"')
    expect(found.text).toContain('Showing 1–50 of 60 products')
    expect(found.text).not.toContain('Towel')
    expect(found.text).toContain('Cleaning (60)')
    const next = linkIn(found.html, 'Product pages', 'Next')
    expect(next).toBe('/products?q=soap&page=2')
    expect((await page(client, next!)).text).toContain('Showing 51–60 of 60 products')
    // Case is folded beyond ASCII too, as the API's searches do.
    expect((await page(client, '/products?q=ÖLSEIFE')).text).toContain('Showing 1 product')
  })

  test('a search that matches nothing says so, and still offers the search', async () => {
    const { client, orgId } = await manager()
    // More than a page of products that do not match: the empty answer still offers no page links.
    await givenProducts(orgId, 51)
    const { html, text } = await page(client, '/products?q=zzz')
    expect(text).toContain('No Products Found')
    expect(text).toContain('No product matches “zzz”')
    expect(html).toContain('id="product-search"')
    expect(html).not.toContain('Product pages')
  })

  test("another organisation's products never appear, searched or paged", async () => {
    const { client, orgId } = await manager()
    const other = await manager()
    await givenProducts(orgId, 2, { prefix: 'Mine' })
    await givenProducts(other.orgId, 80, { prefix: 'Theirs' })
    for (const path of ['/products', '/products?q=theirs', '/products?page=2']) {
      const { text } = await page(client, path)
      expect(text, path).not.toContain('Theirs')
    }
    expect((await page(client, '/products')).text).toContain('Showing 2 products')
  })

  test('a page number that is not one shows the first page; one past the end shows the last', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 60)
    for (const bad of ['abc', '-3', '0', '1.5', '', '%00', '1e999']) {
      expect((await page(client, `/products?page=${bad}`)).text, bad).toContain('Showing 1–50 of 60 products')
    }
    expect((await page(client, '/products?page=99999')).text).toContain('Showing 51–60 of 60 products')
    expect((await page(client, '/products?page=2&page=x')).text).toContain('Showing 51–60 of 60 products')
    expect((await page(client, `/products?q=${'x'.repeat(5000)}`)).text).toContain('No Products Found')
  })

  test('a dialog opened on the second page of a search closes to it, and its delete lands back on it', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 60, { prefix: 'Soap' })
    const soap = await db.product.findFirstOrThrow({ where: { organisationId: orgId, name: 'Soap 055' } })
    const list = await page(client, '/products?q=soap&page=2')
    expect(list.html).toContain(`href="/products?q=soap&amp;page=2&amp;edit=${soap.id}"`)
    const dialog = await page(client, `/products?q=soap&page=2&edit=${soap.id}`)
    expect(dialog.text).toContain('Update Product')
    const form = new FormData()
    form.set('intent', 'delete')
    form.set('id', soap.id)
    const res = await client.fetch(`/products?q=soap&page=2&delete=${soap.id}`, { method: 'POST', body: form })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/products?q=soap&page=2')
  })

  test('a product on another page still opens from a shared link', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 60)
    const far = await db.product.findFirstOrThrow({ where: { organisationId: orgId, name: 'Item 060' } })
    expect((await page(client, `/products?translate=${far.id}`)).text).toContain('Translations of Item 060')
  })
})

describe('the Logistics page, a page at a time', () => {
  test('shows the newest 50 properties with a count; Next shows the older ones', async () => {
    const { client, orgId } = await manager()
    await givenProperties(orgId, 70)
    const first = await page(client, '/properties')
    expect(first.text).toContain('Showing 1–50 of 70 properties')
    expect(first.text).toContain('Site 070')
    expect(first.text).toContain('Site 021')
    expect(first.text).not.toContain('Site 020')
    const next = linkIn(first.html, 'Property pages', 'Next')
    expect(next).toBe('/properties?page=2')
    const second = await page(client, next!)
    expect(second.text).toContain('Showing 51–70 of 70 properties')
    expect(second.text).toContain('Site 020')
    expect(second.text).not.toContain('Site 021')
  })

  test('a search matches name or address and counts; no match says so; other organisations never show', async () => {
    const { client, orgId } = await manager()
    const other = await manager()
    await givenProperties(orgId, 60)
    await givenProperty(orgId, { name: 'Maple Court', address: '9 Östra Lane' })
    await givenProperties(other.orgId, 5, { prefix: 'Elsewhere' })
    expect((await page(client, '/properties?q=ÖSTRA')).text).toContain('Showing 1 property')
    const road = await page(client, '/properties?q=harbour&page=2')
    expect(road.text).toContain('Showing 51–60 of 60 properties')
    expect(linkIn(road.html, 'Property pages', 'Previous')).toBe('/properties?q=harbour')
    // A card's Edit opens the editor over this search and page, so closing it comes back here.
    const edits = road.html.match(/<a[^>]*aria-label="Edit [^"]*"[^>]*>/g) ?? []
    expect(edits).toHaveLength(10)
    for (const tag of edits) expect(tag).toMatch(/href="\/properties\?edit=[^"&]+&amp;q=harbour&amp;page=2"/)
    const none = await page(client, '/properties?q=elsewhere')
    expect(none.text).toContain('No properties match your search.')
    expect(none.text).not.toContain('Elsewhere 001')
  })

  test('bad page numbers show a page, never an error', async () => {
    const { client, orgId } = await manager()
    await givenProperties(orgId, 55)
    expect((await page(client, '/properties?page=garbage')).text).toContain('Showing 1–50 of 55 properties')
    expect((await page(client, '/properties?page=7')).text).toContain('Showing 51–55 of 55 properties')
  })

  test("a property's editor offers the catalog to assign a page at a time, searchable, and an assignment keeps the search", async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Harbor View' })
    await givenProducts(orgId, 70, { prefix: 'Soap' })
    await givenProducts(orgId, 10, { prefix: 'Towel' })
    const taken = await db.product.findFirstOrThrow({ where: { organisationId: orgId, name: 'Soap 001' } })
    await givenAssignedProduct(orgId, property.id, taken.id)

    const editor = await page(client, `/properties?edit=${property.id}`)
    expect(editor.text).toContain('Showing 1–50 of 79 products to assign')
    expect(editor.text).toContain('Assigned Products (1)')
    const next = linkIn(editor.html, 'Pages of products to assign', 'Next')
    expect(next).toBe(`/properties?edit=${property.id}&pp=2`)
    expect((await page(client, next!)).text).toContain('Showing 51–79 of 79 products to assign')

    const towels = await page(client, `/properties?edit=${property.id}&pq=towel`)
    expect(towels.text).toContain('Showing 10 products to assign')
    expect(towels.text).not.toContain('Soap 002')
    expect((await page(client, `/properties?edit=${property.id}&pq=nothing`)).text).toContain('No product to assign matches “nothing”.')

    const towel = await db.product.findFirstOrThrow({ where: { organisationId: orgId, name: 'Towel 003' } })
    const res = await client.fetch(`/properties?edit=${property.id}&pq=towel`, {
      method: 'POST',
      body: new URLSearchParams([
        ['intent', 'assign'],
        ['id', property.id],
        ['productId', towel.id],
      ]),
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/properties?edit=${property.id}&pq=towel`)
    expect((await page(client, `/properties?edit=${property.id}&pq=towel`)).text).toContain('Showing 9 products to assign')
  })
})

describe('QR Code Management, a page at a time', () => {
  test('pages the active and inactive lists each on its own, while the overview counts them all', async () => {
    const { client, orgId } = await manager()
    await givenProperties(orgId, 60, { prefix: 'Lit', qrCodeActive: true })
    await givenProperties(orgId, 55, { prefix: 'Dark' })
    const first = await page(client, '/qr-codes')
    expect(first.text).toContain('Active QR Codes (60)')
    expect(first.text).toContain('Inactive Properties (55)')
    expect(first.html).toMatch(/data-testid="active-count"[^>]*>60</)
    expect(first.html).toMatch(/data-testid="total-count"[^>]*>115</)
    expect(first.text).toContain('Showing 1–50 of 60 active QR codes')
    expect(first.text).toContain('Showing 1–50 of 55 inactive properties')
    // The generator chooses among the properties shown, not the whole portfolio.
    expect(first.html.match(/<option value="[0-9a-f-]{36}"/g)).toHaveLength(100)

    const activeNext = linkIn(first.html, 'Pages of active QR codes', 'Next')
    expect(activeNext).toBe('/qr-codes?active=2')
    const second = await page(client, activeNext!)
    expect(second.text).toContain('Showing 51–60 of 60 active QR codes')
    expect(second.text).toContain('Showing 1–50 of 55 inactive properties')
    expect(linkIn(second.html, 'Pages of inactive properties', 'Next')).toBe('/qr-codes?active=2&inactive=2')
  })

  test('a search narrows both lists, says when one has no match, and survives a status change', async () => {
    const { client, orgId } = await manager()
    const other = await manager()
    await givenProperties(orgId, 3, { prefix: 'Lit', qrCodeActive: true })
    await givenProperties(orgId, 3, { prefix: 'Dark' })
    await givenProperties(other.orgId, 3, { prefix: 'Darker' })
    const { text } = await page(client, '/qr-codes?q=dark')
    expect(text).toContain('Active QR Codes (0)')
    expect(text).toContain('No active QR code matches “dark”.')
    expect(text).toContain('Inactive Properties (3)')
    expect(text).not.toContain('Darker')
    expect(text).toContain('Total properties 6')

    const dark = await db.property.findFirstOrThrow({ where: { organisationId: orgId, name: 'Dark 002' } })
    const res = await client.postForm('/qr-codes?q=dark&inactive=1', { intent: 'activate', propertyId: dark.id })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/qr-codes?property=${dark.id}&q=dark&inactive=1`)
    expect((await page(client, '/qr-codes?q=dark&page=zz&active=-1&inactive=abc')).text).toContain('Active QR Codes (1)')
  })
})

describe('the /api lists are not paged', () => {
  test('/api/products and /api/properties still answer the whole catalog as an array', async () => {
    const { client, orgId } = await manager()
    await givenProducts(orgId, 60)
    await givenProperties(orgId, 55)
    const products = await (await client.get('/api/products')).json()
    expect(products).toHaveLength(60)
    const properties = await (await client.get('/api/properties')).json()
    expect(properties).toHaveLength(55)
    expect(Object.keys(properties[0]).sort()).toEqual(expect.arrayContaining(['id', 'name', 'address', 'qrCodeActive']))
  })
})
