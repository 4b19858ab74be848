// The Logistics page at the HTTP level: what a manager sees and what their form posts do, without JavaScript.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignedProduct, givenProduct, givenProperty, givenRequest, givenRunnerAssignment } from '../../../tests/fixtures/catalog'
import { organisationOf } from '../../../tests/fixtures/people'
import type { TestClient } from '../../../tests/support/client'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function manager() {
  const email = `props-page-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

/** The page's visible text, roughly as a person reads it. */
function visibleText(html: string) {
  const body = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<!-- -->/g, '')
  return body
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

/** Posts a form (repeated names allowed) and follows the redirect to the page that shows the toast. */
async function submit(client: TestClient, path: string, fields: [string, string][]) {
  const res = await client.fetch(path, { method: 'POST', body: new URLSearchParams(fields) })
  expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(302)
  const { res: landed, path: landedOn } = await client.follow(res)
  return { path: landedOn, text: visibleText(await landed.text()) }
}

describe('the Logistics page', () => {
  test('asks a visitor without a session to sign in', async () => {
    const res = await app.client().get('/properties')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fproperties')
  })

  test('invites a new organisation to create its first property', async () => {
    const { client } = await manager()
    const { text } = await page(client, '/properties')
    expect(text).toContain('Logistics')
    expect(text).toContain('Manage your property portfolio and QR codes from one place')
    expect(text).toContain('New Property')
    expect(text).toContain('Properties Overview')
    expect(text).toContain('No Properties Found')
    expect(text).toContain('Get started by creating your first property.')
  })

  test('shows each property as a card with its state, newest first', async () => {
    const { client, orgId } = await manager()
    await givenProperty(orgId, { name: 'Old Mill', address: '5 River Rd', isActive: false, createdAt: new Date(Date.now() - 3 * 86_400_000) })
    await givenProperty(orgId, { name: 'Harbor View', address: '12 Pier Rd', qrCodeActive: true, qrCodeUrl: 'http://x.test/vendor/1', createdAt: new Date(Date.now() - 2 * 3_600_000) })
    const { text } = await page(client, '/properties')
    expect(text.indexOf('Harbor View')).toBeLessThan(text.indexOf('Old Mill'))
    expect(text).toMatch(/Harbor View Active 12 Pier Rd QR code QR Code Active QR code Products: 0 products Created: 2 hours ago View QR Download Deactivate QR Code Edit Delete/)
    expect(text).toMatch(/Old Mill Inactive 5 River Rd QR code QR Code Inactive QR code Products: 0 products Created: 3 days ago Activate QR Code Edit Delete/)
  })

  test('each card counts the products assigned and links to its QR code', async () => {
    const { client, orgId } = await manager()
    const stocked = await givenProperty(orgId, { name: 'Harbor View', address: '12 Pier Rd' })
    const single = await givenProperty(orgId, { name: 'Old Mill', address: '5 River Rd' })
    for (const name of ['Soap', 'Towels', 'Tissues']) await givenAssignedProduct(orgId, stocked.id, (await givenProduct(orgId, { name })).id)
    await givenAssignedProduct(orgId, single.id, (await givenProduct(orgId, { name: 'Bleach' })).id)
    const { html, text } = await page(client, '/properties')
    expect(text).toMatch(/Harbor View .* Products: 3 products /)
    expect(text).toMatch(/Old Mill .* Products: 1 product Created/)
    expect(html).toContain(`href="/qr-codes?property=${stocked.id}"`)
    expect(html).toContain(`href="/properties?edit=${single.id}#product-assignment"`)
  })

  test('searches name or address without regard to case, from a plain GET form', async () => {
    const { client, orgId } = await manager()
    await givenProperty(orgId, { name: 'Harbor View', address: '12 Pier Rd' })
    await givenProperty(orgId, { name: 'Maple Court', address: '9 harbor lane' })
    await givenProperty(orgId, { name: 'Elm House', address: '1 Elm St' })
    const { html, text } = await page(client, '/properties?q=HARBOR')
    expect(html).toContain('placeholder="Search properties..."')
    expect(html).toMatch(/<form[^>]*method="get"[^>]*>/)
    expect(text).toContain('Harbor View')
    expect(text).toContain('Maple Court')
    expect(text).not.toContain('Elm House')
    const none = await page(client, '/properties?q=nowhere')
    expect(none.text).toContain('No Properties Found')
    expect(none.text).toContain('No properties match your search.')
  })

  test('opens a property’s QR code in a dialog, drawn on the server', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Harbor View', qrCodeActive: true, qrCodeUrl: 'https://stock.example/vendor/abc' })
    const { html, text } = await page(client, `/properties?qr=${property.id}`)
    expect(text).toContain('QR Code - Harbor View')
    expect(text).toContain('Scan this QR code to access the vendor request form for Harbor View')
    expect(html).toContain('<svg')
    expect(html).toContain(`href="/qr/${property.id}.png"`)
    const noUrl = await givenProperty(orgId, { name: 'No URL', qrCodeActive: true })
    expect((await page(client, `/properties?qr=${noUrl.id}`)).text).toContain('QR Code not available')
  })
})

describe('creating a property from the page', () => {
  test('shows an empty form that says products come after saving', async () => {
    const { client } = await manager()
    const { html, text } = await page(client, '/properties?new')
    expect(text).toContain('Create New Property')
    for (const label of ['Property Name', 'Address', 'Property Active', 'QR Code Active', 'Create Property', 'Cancel']) expect(text).toContain(label)
    expect(text).toContain('Products can be assigned to this property after it has been saved.')
    expect(html).toMatch(/<input[^>]*name="address"/)
  })

  test('creates it with its QR code and says so', async () => {
    const { client, orgId } = await manager()
    const landed = await submit(client, '/properties?new', [
      ['intent', 'create'],
      ['name', 'Harbor View'],
      ['address', '12 Pier Rd'],
      ['isActive', 'false'],
      ['isActive', 'true'],
      ['qrCodeActive', 'false'],
    ])
    const [property] = await db.property.findMany({ where: { organisationId: orgId } })
    // On to its product assignment, as the form promised.
    expect(landed.path).toBe(`/properties?edit=${property!.id}`)
    expect(landed.text).toContain('Property created successfully with QR code auto-generated.')
    expect(landed.text).toContain('Now assign the products Harbor View stocks.')
    expect(landed.text).toContain('Available Products')
    expect(property).toMatchObject({ name: 'Harbor View', address: '12 Pier Rd', isActive: true, qrCodeActive: false })
    expect(property!.qrCodeUrl).toBe(`${app.url}/vendor/${property!.id}`)
  })

  test('without a name or address shows the field messages and creates nothing', async () => {
    const { client, orgId } = await manager()
    const res = await client.postForm('/properties?new', { intent: 'create', name: '', address: ' ', isActive: 'false', qrCodeActive: 'false' })
    expect(res.status).toBe(400)
    const text = visibleText(await res.text())
    expect(text).toContain('Create New Property')
    expect(text).toContain('Property name is required')
    expect(text).toContain('Address is required')
    expect(await db.property.count({ where: { organisationId: orgId } })).toBe(0)
  })
})

describe('editing a property from the page', () => {
  test('shows the form filled in, and saves changes', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Before', address: '1 Old St' })
    const { html, text } = await page(client, `/properties?edit=${property.id}`)
    expect(text).toContain('Edit Property')
    expect(text).toContain('Update Property')
    expect(html).toContain('value="Before"')
    expect(html).toContain('value="1 Old St"')
    const landed = await submit(client, `/properties?edit=${property.id}`, [
      ['intent', 'update'],
      ['id', property.id],
      ['name', 'After'],
      ['address', '2 New St'],
      ['isActive', 'false'],
      ['qrCodeActive', 'false'],
    ])
    expect(landed.text).toContain('Property updated successfully.')
    expect(await db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ name: 'After', address: '2 New St', isActive: false })
  })

  test('an unknown or foreign property cannot be opened or changed', async () => {
    const a = await manager()
    const b = await manager()
    const property = await givenProperty(a.orgId, { name: 'A’s' })
    const opened = await b.client.follow(await b.client.get(`/properties?edit=${property.id}`))
    expect(opened.path).toBe('/properties')
    expect(visibleText(await opened.res.text())).toContain('Property not found')
    const landed = await submit(b.client, '/properties', [
      ['intent', 'update'],
      ['id', property.id],
      ['name', 'Taken'],
      ['address', 'Elsewhere'],
    ])
    expect(landed.text).toContain('Failed to update property.')
    expect(await db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ name: 'A’s' })
  })
})

describe('switching a property’s QR code from its card', () => {
  test('activating makes a URL; deactivating clears it', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Harbor View' })
    const on = await submit(client, '/properties?q=harbor', [
      ['intent', 'qr-activate'],
      ['id', property.id],
    ])
    expect(on.path).toBe('/properties?q=harbor')
    expect(on.text).toContain('QR Code Status Updated')
    expect(on.text).toContain('View QR')
    const active = await db.property.findUniqueOrThrow({ where: { id: property.id } })
    expect(active).toMatchObject({ qrCodeActive: true, qrCodeUrl: `${app.url}/vendor/${property.id}` })
    expect(active.qrCodeGeneratedAt).toBeInstanceOf(Date)

    const off = await submit(client, '/properties', [
      ['intent', 'qr-deactivate'],
      ['id', property.id],
    ])
    expect(off.text).toContain('QR Code Status Updated')
    expect(off.text).toContain('Activate QR Code')
    expect(await db.property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({
      qrCodeActive: false,
      qrCodeUrl: null,
      qrCodeGeneratedAt: null,
    })
  })

  test('another organisation’s property is left alone', async () => {
    const a = await manager()
    const b = await manager()
    const property = await givenProperty(a.orgId)
    const landed = await submit(b.client, '/properties', [
      ['intent', 'qr-activate'],
      ['id', property.id],
    ])
    expect(landed.text).toContain('Failed to update QR code status.')
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).qrCodeActive).toBe(false)
  })
})

describe('deleting a property from the page', () => {
  test('asks first, then deletes and says so', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Harbor View' })
    const { html, text } = await page(client, `/properties?delete=${property.id}`)
    expect(text).toContain('Are you sure you want to delete Harbor View?')
    expect(html).toContain('name="intent" value="delete"')
    const landed = await submit(client, `/properties?delete=${property.id}`, [
      ['intent', 'delete'],
      ['id', property.id],
    ])
    expect(landed.path).toBe('/properties')
    expect(landed.text).toContain('Property Deleted')
    expect(landed.text).toContain('No Properties Found')
    expect(await db.property.count({ where: { id: property.id } })).toBe(0)
  })

  test('refuses while requests refer to it, saying what is connected and what to do instead', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId, { name: 'Busy Place' })
    const request = await givenRequest(orgId, { propertyId: property.id })
    await givenRunnerAssignment(orgId, request.id)
    const landed = await submit(client, `/properties?delete=${property.id}`, [
      ['intent', 'delete'],
      ['id', property.id],
    ])
    expect(landed.text).toContain('Cannot Delete Property')
    expect(landed.text).toContain('Property has connected data that prevents deletion.')
    expect(landed.text).toContain('Connected: 1 request, 1 runner assignment.')
    expect(landed.text).toContain('Deactivate the property instead of deleting it.')
    expect(await db.property.count({ where: { id: property.id } })).toBe(1)
  })
})

describe('assigning products from the edit form', () => {
  test('lists unassigned catalog products to tick and the assigned ones to remove', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const soap = await givenProduct(orgId, { name: 'Soap' })
    await givenProduct(orgId, { name: 'Towels' })
    await givenProduct(orgId, { name: 'Sponges' })
    await givenAssignedProduct(orgId, property.id, soap.id)
    const { html, text } = await page(client, `/properties?edit=${property.id}`)
    expect(text).toContain('0 of 2 selected')
    expect(text).toContain('Select All')
    expect(text).toContain('Assigned Products (1)')
    expect(html).toContain('aria-label="Remove Soap"')
    expect(html.match(/<input type="checkbox" name="productId"/g)).toHaveLength(2)
    const all = await page(client, `/properties?edit=${property.id}&select=all`)
    expect(all.text).toContain('2 of 2 selected')
    expect(all.text).toContain('Deselect All')
    expect(all.html.match(/<input type="checkbox" name="productId"[^>]*checked=""/g)).toHaveLength(2)
  })

  test('says so when nothing is assigned yet and when everything is', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const { text } = await page(client, `/properties?edit=${property.id}`)
    // An empty catalogue leads on to Products (issue 34) rather than saying all of nothing is assigned.
    expect(text).toContain('Your catalogue has no products yet.')
    expect(text).toContain('No products assigned yet')
    expect(text).toContain('Assigned Products (0)')
    await givenAssignedProduct(orgId, property.id, (await givenProduct(orgId, { name: 'Soap' })).id)
    expect((await page(client, `/properties?edit=${property.id}`)).text).toContain('All products are assigned')
  })

  test('assigns the ticked products and stays on the form', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const towels = await givenProduct(orgId, { name: 'Towels' })
    const soap = await givenProduct(orgId, { name: 'Soap' })
    const landed = await submit(client, `/properties?edit=${property.id}`, [
      ['intent', 'assign'],
      ['id', property.id],
      ['productId', towels.id],
      ['productId', soap.id],
    ])
    expect(landed.path).toBe(`/properties?edit=${property.id}`)
    expect(landed.text).toContain('2 product(s) assigned to property successfully.')
    expect(landed.text).toContain('Assigned Products (2)')
    expect(landed.text).toContain('All products are assigned')
  })

  test('skips products already assigned, and refuses when all of them are', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const towels = await givenProduct(orgId, { name: 'Towels' })
    const soap = await givenProduct(orgId, { name: 'Soap' })
    await givenAssignedProduct(orgId, property.id, towels.id)
    const some = await submit(client, `/properties?edit=${property.id}`, [
      ['intent', 'assign'],
      ['id', property.id],
      ['productId', towels.id],
      ['productId', soap.id],
    ])
    expect(some.text).toContain('1 product(s) assigned to property successfully.')
    expect(some.text).toContain('1 product(s) already assigned and will be skipped.')
    const all = await submit(client, `/properties?edit=${property.id}`, [
      ['intent', 'assign'],
      ['id', property.id],
      ['productId', towels.id],
      ['productId', soap.id],
    ])
    expect(all.text).toContain('Failed to assign products to property.')
    expect(all.text).toContain('All selected products are already assigned to this property.')
    expect(await db.propertyProduct.count({ where: { propertyId: property.id } })).toBe(2)
  })

  test('with nothing ticked, or another organisation’s product, assigns nothing', async () => {
    const a = await manager()
    const b = await manager()
    const property = await givenProperty(b.orgId)
    const own = await givenProduct(b.orgId)
    const foreign = await givenProduct(a.orgId)
    const empty = await submit(b.client, `/properties?edit=${property.id}`, [
      ['intent', 'assign'],
      ['id', property.id],
    ])
    expect(empty.text).toContain('Select at least one product to assign.')
    const mixed = await submit(b.client, `/properties?edit=${property.id}`, [
      ['intent', 'assign'],
      ['id', property.id],
      ['productId', own.id],
      ['productId', foreign.id],
    ])
    expect(mixed.text).toContain('Failed to assign products to property.')
    expect(mixed.text).toContain('Product not found')
    expect(await db.propertyProduct.count({ where: { propertyId: property.id } })).toBe(0)
  })

  test('removes an assigned product', async () => {
    const { client, orgId } = await manager()
    const property = await givenProperty(orgId)
    const soap = await givenProduct(orgId, { name: 'Soap' })
    await givenAssignedProduct(orgId, property.id, soap.id)
    const landed = await submit(client, `/properties?edit=${property.id}`, [
      ['intent', 'remove'],
      ['id', property.id],
      ['productId', soap.id],
    ])
    expect(landed.path).toBe(`/properties?edit=${property.id}`)
    expect(landed.text).toContain('Product removed from property successfully.')
    expect(landed.text).toContain('No products assigned yet')
    expect(landed.text).toContain('0 of 1 selected')
  })
})
