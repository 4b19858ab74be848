// Issue 17 in the browser, with JavaScript and without: an owner creates an API key (shown once) and
// revokes it, adds a webhook whose deliveries show in the log with their response codes and can be
// sent again, and imports products from a CSV file after a preview.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import type { Page } from '@playwright/test'
import { givenRequest, givenStockedProperty } from './given'

/** With JavaScript, a change elsewhere in the organisation reloads the page's data (live events): make one and wait for it. */
async function liveReload(page: Page, routeId: string) {
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false
  const reloaded = jsEnabled ? page.waitForResponse((r) => decodeURIComponent(r.url()).includes(`_data=${routeId}`)) : null
  // A new request is announced to every manager page of the organisation.
  const { property, products } = await givenStockedProperty(page.request, `Elsewhere ${Date.now()}`, ['Live Towels'])
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'Someone else', products })
  await reloaded
}

test('an API key is made in Settings and shown once, through a live update too', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('keys-e2e'))
  await page.goto('/settings')
  // Nothing chosen: the fields say what is missing (in the browser with JavaScript, from the server without).
  await page.getByRole('button', { name: 'Create API key' }).click()
  await expect(page.getByText('Name the key')).toBeVisible()
  await expect(page.getByText('Choose at least one scope')).toBeVisible()
  await expect(page.getByLabel('Key name')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)
  await page.getByLabel('Key name').fill('Ledger')
  await page.getByRole('checkbox', { name: 'catalog:read' }).check()
  await page.getByRole('button', { name: 'Create API key' }).click()

  const shown = page.getByRole('status').filter({ hasText: 'it will not be shown again' })
  await expect(shown).toContainText('Key “Ledger”')
  const key = (await shown.locator('code').textContent())!.trim()
  expect(key).toMatch(/^srk_/)
  await expectAccessible(page)
  // Shown once means until the manager leaves the page, not until the next live update.
  await liveReload(page, 'routes/_app+/settings')
  await expect(shown.locator('code')).toHaveText(key)
})

test('an API key works within its scope, is listed without itself, and stops working when revoked', async ({ page, playwright, baseURL }) => {
  await signInThroughForm(page, uniqueEmail('keys-use-e2e'))
  // The key the test above makes in Settings, made here through the API.
  const made = await page.request.post('/api/api-keys', { data: { name: 'Ledger', scopes: ['catalog:read'] }, headers: { Origin: new URL(page.url()).origin } })
  expect(made.ok()).toBe(true)
  const { key } = (await made.json()) as { key: string }
  const outside = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } })
  try {
    expect((await outside.get('/api/products')).status()).toBe(200)
    expect((await outside.get('/api/requests')).status()).toBe(403)
    await page.goto('/settings')
    await expect(page.getByText(/Ledger srk_[\w-]+… · catalog:read · last used /)).toBeVisible()
    expect(await page.content()).not.toContain(key)

    await page.getByRole('button', { name: 'Revoke key Ledger' }).click()
    await expect(page.getByText('API key revoked')).toBeVisible()
    expect((await outside.get('/api/products')).status()).toBe(401)
  } finally {
    await outside.dispose()
  }
})

test('a webhook is added with its secret shown once; its delivery log shows the 500, and "send again" delivers it', async ({ page }) => {
  // Two trips through the outbox, which sends every second here (WEBHOOK_OUTBOX_EVERY_MS, five in production).
  const answers = [500]
  const received: string[] = []
  const receiver = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received.push(String(req.headers['x-stockrun-delivery']))
      res.writeHead(answers.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stockrun`
  try {
    await signInThroughForm(page, uniqueEmail('hooks-e2e'))
    await page.goto('/settings')
    await page.getByLabel('Webhook URL').fill(url)
    await page.getByRole('checkbox', { name: 'request.created' }).check()
    await page.getByRole('button', { name: 'Add webhook' }).click()
    await expect(page.getByRole('status').filter({ hasText: `Signing secret for ${url}` }).locator('code')).toHaveText(/^whsec_/)
    await expectAccessible(page)

    const { property, products } = await givenStockedProperty(page.request, 'Cedar Lofts', ['Paper Towels'])
    await givenRequest(page.request, { propertyId: property.id, vendorName: 'Acme', products })
    const log = page.locator('section[aria-labelledby="deliveries-heading"]')
    // The outbox job sends every few seconds; the receiver's 500 shows in the log.
    await expect(async () => {
      await page.goto('/settings')
      await expect(log.getByRole('row', { name: /request\.created/ })).toContainText('500', { timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    await expectAccessible(page)

    await log.getByRole('button', { name: 'Send request.created again' }).click()
    await expect(page.getByText('Delivery queued')).toBeVisible()
    await expect(async () => {
      await page.goto('/settings')
      await expect(log.getByRole('row', { name: /request\.created/ })).toContainText('200', { timeout: 1_000 })
    }).toPass({ timeout: 20_000 })
    // Every attempt carried the same delivery id.
    expect(received.length).toBeGreaterThanOrEqual(2)
    expect(new Set(received).size).toBe(1)

    await page.getByRole('button', { name: `Remove webhook ${url}` }).click()
    await expect(page.getByText('Webhook removed')).toBeVisible()
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  }
})

test('products exported as CSV come back through the import page: preview first, then applied', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('import-e2e'))
  const api = page.request
  const soap = await (await api.post('/api/products', { data: { name: 'Hand Soap', category: 'Guest Amenities', price: '$7.99', description: 'Unscented, "gentle"' } })).json()
  const exported = await (await api.get('/api/products?format=csv')).text()
  // A spreadsheet edit: a new price for the soap and a new product, commas and quotes included.
  expect(exported.startsWith('\uFEFFid,name,category,description,price,imageUrl,thumbnailUrl,imageAlt,isActive\r\n')).toBe(true)
  const edited = `${exported.replace('$7.99', '$8.49').trimEnd()}\r\n,Towels,Linens,"Large, white",$12.50,,,,true\r\n`

  await page.goto('/products')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Import from CSV', level: 1 })).toBeVisible()
  await page.getByLabel('What the file holds').selectOption('products')
  await page.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(edited, 'utf8') })
  await page.getByRole('button', { name: 'Preview' }).click()

  await expect(page.getByRole('heading', { name: 'Preview: 1 to add, 1 to update' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Hand Soap\s*Update/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /Towels\s*Add/ })).toBeVisible()
  await expectAccessible(page)
  await liveReload(page, 'routes/_app+/import')
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeVisible()
  // Nothing changed yet.
  expect((await (await api.get(`/api/products/${soap.id}`)).json()).price).toBe('$7.99')

  await page.getByRole('button', { name: 'Apply import' }).click()
  await expect(page.getByText('1 created, 1 updated.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
  const products = await (await api.get('/api/products')).json()
  expect(products.find((p: { id: string }) => p.id === soap.id)).toMatchObject({ price: '$8.49', description: 'Unscented, "gentle"' })
  expect(products.find((p: { name: string }) => p.name === 'Towels')).toMatchObject({ category: 'Linens', description: 'Large, white', price: '$12.50', isActive: true })
})
