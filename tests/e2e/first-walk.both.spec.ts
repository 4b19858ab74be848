// Issue 28's first walk, with JavaScript and without: the QR codes found from the sidebar and from a
// property, a new property leading on to its products, every send naming its recipient, category
// headings in the vendor's language, and a delivered assignment's proof form folded away.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenRequest, givenStockedProperty } from './given'

// Each journey signs in and builds its data through the API first; the shared machine is slow at times.
test.describe.configure({ timeout: 90_000 })
const SLOW = { timeout: 15_000 }

test('QR codes are found from the sidebar, after Products, and from each property card', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('qr-find-e2e'))
  const { property } = await givenStockedProperty(page.request, 'Harbor View', ['Hand Soap'])
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Logistics', 'Requests', 'Products', 'QR Codes', 'Stock', 'Purchase orders', 'Suppliers', 'Dispatch', 'Billing', 'Reports', 'Notifications'])
  await nav.getByRole('link', { name: 'QR Codes' }).click()
  await expect(page.getByRole('heading', { name: 'QR Code Management', level: 1 })).toBeVisible(SLOW)
  await expect(nav.getByRole('link', { name: 'QR Codes' })).toHaveAttribute('aria-current', 'page')

  await nav.getByRole('link', { name: 'Logistics' }).click()
  await page.getByRole('link', { name: 'QR code of Harbor View', exact: true }).click()
  await expect(page).toHaveURL(`/qr-codes?property=${property.id}`)
  await expect(page.getByText(`/vendor/${property.id}`).first()).toBeVisible()
  await expectAccessible(page)
})

test('a new property leads straight on to assigning its products, and its card counts them', async ({ page }, info) => {
  await signInThroughForm(page, uniqueEmail('new-property-e2e'))
  await page.request.post('/api/products', { data: { name: 'Paper Towels' } })
  await page.request.post('/api/products', { data: { name: 'Hand Soap Refill' } })
  await page.goto('/properties?new')
  await page.getByLabel('Property Name').fill('Maple Court')
  await page.getByLabel('Address').fill('9 Maple Court, Springfield')
  await page.getByRole('button', { name: 'Create Property' }).click()

  await expect(page.getByTestId('toast')).toContainText('Now assign the products Maple Court stocks.', SLOW)
  await expect(page).toHaveURL(/\/properties\?edit=[\w-]+#product-assignment$/)
  await expect(page.getByRole('heading', { name: 'Available Products' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Paper Towels').check()
  await page.getByLabel('Hand Soap Refill').check()
  await page.getByRole('button', { name: /^Assign/ }).click()
  await expect(page.getByRole('heading', { name: 'Assigned Products (2)' })).toBeVisible(SLOW)

  await page.goto('/properties')
  await expect(page.getByRole('link', { name: '2 products assigned to Maple Court' })).toBeVisible()
  await page.screenshot({ path: info.outputPath('property-card.png') })
  await page.getByRole('link', { name: '2 products assigned to Maple Court' }).click()
  await expect(page.getByRole('heading', { name: 'Assigned Products (2)' })).toBeVisible()
})

test('e-mailing an invoice names the recipient in the toast', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('invoice-send-e2e'))
  const invoice = await (await page.request.post('/api/invoices', { data: { recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test', subtotal: '12.50' } })).json()
  await page.goto('/billing')
  await page.getByRole('link', { name: `E-mail ${invoice.invoiceNumber}` }).filter({ visible: true }).first().click()
  await page.getByRole('dialog', { name: `E-mail invoice ${invoice.invoiceNumber}` }).getByRole('button', { name: 'Send invoice' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText('Email Sent to Outbox', SLOW)
  await expect(toast).toContainText(`Invoice ${invoice.invoiceNumber} for Pat Payer (pat@payer.test) written to the local outbox`, SLOW)
  await expectAccessible(page)
})

test('assigning a runner says what became of the link by SMS, naming the runner', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('sms-send-e2e'))
  const { property, products } = await givenStockedProperty(page.request, 'Oak House', ['Bleach'])
  const request = await givenRequest(page.request, { propertyId: property.id, vendorName: 'Ortega Services', products })
  const runner = await (await page.request.post('/api/runners', { data: { name: 'Rita Runner', phone: '+15550123' } })).json()
  await page.goto(`/dispatch?assign=${request.id}`)
  await page.getByLabel('Runner', { exact: true }).selectOption(runner.id)
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toContainText(`${request.orderNumber} assigned to Rita Runner.`, SLOW)
  // The e2e server has no SMS account: the manager is told so, rather than left to assume it went.
  await expect(toast).toContainText('Delivery link by SMS not sent to Rita Runner (+15550123): no SMS account is configured.', SLOW)
  await expectAccessible(page)
})

test('a category translated on the Products page heads the vendor page in that language at once', async ({ page, browser }, info) => {
  await signInThroughForm(page, uniqueEmail('category-e2e'))
  const property = await (await page.request.post('/api/properties', { data: { name: 'Harbor View', address: '12 Pier Road, Boston', isActive: true, qrCodeActive: true } })).json()
  for (const name of ['Hand Soap Refill', 'Shampoo']) {
    const product = await (await page.request.post('/api/products', { data: { name, category: 'Guest Amenities' } })).json()
    await page.request.post(`/api/properties/${property.id}/products`, { data: { productId: product.id } })
  }
  const vendor = await (await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false })).newPage()
  // Seen once in English first, so the vendor page's kept copy exists when the translation is saved.
  await vendor.goto(`/vendor/${property.id}/request?lang=es`)
  await expect(vendor.getByRole('heading', { name: 'Guest Amenities' })).toBeVisible()

  await page.goto('/products')
  await page.getByRole('link', { name: 'Translate the heading Guest Amenities' }).click()
  const dialog = page.getByRole('dialog', { name: 'Translations of the category Guest Amenities' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('Spanish name').fill('Artículos para huéspedes')
  await dialog.getByRole('button', { name: 'Save translations' }).click()
  await expect(page.getByTestId('toast')).toContainText('Translations of the category Guest Amenities saved.', SLOW)

  await vendor.goto(`/vendor/${property.id}/request?lang=es`)
  await expect(vendor.getByRole('heading', { name: 'Artículos para huéspedes' })).toBeVisible()
  await expect(vendor.getByRole('heading', { name: 'Guest Amenities' })).toHaveCount(0)
  await vendor.screenshot({ path: info.outputPath('vendor-es.png') })
  await vendor.goto(`/vendor/${property.id}/request?lang=uk`)
  await expect(vendor.getByRole('heading', { name: 'Guest Amenities' })).toBeVisible()
  await vendor.context().close()
})

test('a delivered assignment’s proof form is folded behind a link on the runner portal', async ({ page }, info) => {
  await signInThroughForm(page, uniqueEmail('portal-fold-e2e'))
  const { property, products } = await givenStockedProperty(page.request, 'Elm Row', ['Towels'])
  const request = await givenRequest(page.request, { propertyId: property.id, vendorName: 'Acme', products })
  const runner = await (await page.request.post('/api/runners', { data: { name: 'Rita Runner', phone: '+15550124' } })).json()
  const assignment = await (await page.request.post('/api/dispatch/assign', { data: { requestId: request.id, runnerId: runner.id } })).json()
  for (const status of ['in_transit', 'delivered']) {
    const res = await page.request.patch(`/api/dispatch/assign/${assignment.id}`, { data: { status }, headers: { 'X-Runner-Token': runner.authToken } })
    expect(res.ok(), await res.text()).toBe(true)
  }
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto(`/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`)
  await expect(page.getByRole('button', { name: 'Submit Proof' })).toBeHidden()
  await expect(page.getByLabel('Delivery Photo')).toBeHidden()
  await page.screenshot({ path: info.outputPath('portal-folded.png'), fullPage: true })
  await page.getByText('Add delivery proof').click()
  await expect(page.getByRole('button', { name: 'Submit Proof' })).toBeVisible()
  await expect(page.getByLabel('Delivery Photo')).toBeVisible()
  await expectAccessible(page)
})
