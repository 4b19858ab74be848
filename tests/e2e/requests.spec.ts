// The Requests page and the notifications page: filter, search, change status, PDF and CSV, details
// with a runner's delivery proof, a manager entering a request, and working through notifications.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, expectIconDrawn, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenDeliveryProof, givenManyRequests, givenRequest, givenStockedProperty } from './given'

/** Two open requests (the first delivered with a proof) and an archived one, then the Requests page from the sidebar. */
async function givenRequestsPage(page: Page) {
  const email = uniqueEmail('requests')
  await signInThroughForm(page, email)
  const api = page.request
  const { property, products } = await givenStockedProperty(api, 'Beacon Hill House', ['Paper Towels', 'Dish Soap'])
  const first = await givenRequest(api, { propertyId: property.id, vendorName: 'Acme Cleaning', products, notes: 'Ring twice', quantity: 2 })
  const second = await givenRequest(api, { propertyId: property.id, vendorName: 'Bright Facilities', products: [products[1]!], quantity: 2 })
  const old = await givenRequest(api, { propertyId: property.id, vendorName: 'Old Timer Co', products: [products[0]!], quantity: 2 })
  await api.patch(`/api/requests/${old.id}`, { data: { status: 'archived' } })
  await givenDeliveryProof(email, first.id, 'Left with the concierge')

  await page.getByRole('link', { name: 'Requests', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible()
  const rows = page.getByTestId('request-row')
  await expect(rows).toHaveCount(2)
  return { api, first, second, old, rows, acme: rows.filter({ hasText: 'Acme Cleaning' }), bright: rows.filter({ hasText: 'Bright Facilities' }) }
}

// Issue 36, item 2 (decision 126): a term most requests hold is not counted to its end; the page
// says so, in the page as served (what a browser without JavaScript shows) and after a search typed in.
test('a search most requests match says "more than" its count', async ({ page }) => {
  const email = uniqueEmail('many')
  await signInThroughForm(page, email)
  const product = `Bulk Crate ${crypto.randomUUID().slice(0, 8)}`
  givenManyRequests(email, 1100, product)
  const served = await (await page.request.get(`/requests?status=all&q=${encodeURIComponent(product)}`)).text()
  expect(served.replace(/<!-- -->/g, '')).toContain('More than 250 requests')

  await page.getByRole('link', { name: 'Requests', exact: true }).click()
  await expect(page.getByTestId('request-count')).toHaveText('1100 requests')
  await page.getByPlaceholder('Search requests...').fill(product.toLowerCase())
  await page.getByPlaceholder('Search requests...').press('Enter')
  await expect(page.getByTestId('request-count')).toHaveText('More than 250 requests')
  await expect(page.getByTestId('request-row')).toHaveCount(50)
})

test('find and change requests on the Requests page', async ({ page }) => {
  const { api, first, second, rows, acme, bright } = await givenRequestsPage(page)
  await expect(page.getByTestId('request-count')).toHaveText('2 requests')
  await expect(acme).toContainText('Beacon Hill House')
  await expect(acme).toContainText(first.orderNumber)
  await expect(acme).toContainText('2 items')
  await expect(acme).toContainText('Just now')
  await expect(acme).toContainText('Beacon Hill House Street 1, New York, NY')
  await expectAccessible(page)

  // Archived ones only under their own filter.
  await page.getByLabel('Status', { exact: true }).selectOption('archived')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Old Timer Co')
  await expect(page.getByTestId('request-count')).toHaveText('1 request')
  await page.getByLabel('Status', { exact: true }).selectOption('all')
  await expect(rows).toHaveCount(2)

  await page.getByRole('searchbox', { name: 'Search requests' }).fill('dish SOAP')
  await expect(rows).toHaveCount(2)
  await page.getByRole('searchbox', { name: 'Search requests' }).fill('ring twice')
  await expect(rows).toHaveCount(1)
  await page.getByRole('searchbox', { name: 'Search requests' }).fill('')
  await expect(rows).toHaveCount(2)

  // Change a status from its dropdown.
  await bright.getByLabel(`Status of ${second.orderNumber}`).selectOption('in_progress')
  await expect(page.getByTestId('toast')).toContainText('Status Updated')
  await expect(page.getByTestId('toast')).toContainText('Request status changed to Assigned')
  await expect(bright.getByText('Assigned', { exact: true }).first()).toBeVisible()
  expect((await (await api.get(`/api/requests/${second.id}`)).json()).status).toBe('in_progress')
})

test('on a phone a long property name is read whole on its request, wrapped rather than cut with "…"', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('requests-long'))
  const name = 'Cedar Lofts and Serviced Apartments by the Riverside'
  const { property, products } = await givenStockedProperty(page.request, name, ['Paper Towels'])
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'Acme Cleaning', products })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/requests')
  const title = page.getByTestId('request-row').getByRole('heading', { name, exact: true })
  await expect(title).toBeVisible()
  // Wrapped: nothing hidden past its edge, on more than one line.
  const fits = await title.evaluate((h) => ({ clipped: h.scrollWidth > h.clientWidth, lines: Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)) }))
  expect(fits.clipped).toBe(false)
  expect(fits.lines).toBeGreaterThan(1)
})

test('download a request’s PDF and the list’s CSV, and inspect a request’s details with the runner’s proof', async ({ page }) => {
  const { first, second, old, acme, bright } = await givenRequestsPage(page)

  // The PDF.
  const pdfDownload = page.waitForEvent('download')
  await expectIconDrawn(acme.getByRole('link', { name: `Download PDF of ${first.orderNumber}` }))
  await acme.getByRole('link', { name: `Download PDF of ${first.orderNumber}` }).click()
  const pdf = await pdfDownload
  expect(pdf.suggestedFilename()).toBe(`${first.orderNumber}.pdf`)
  expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-')

  // The CSV of what the list shows.
  const csvDownload = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const csv = await csvDownload
  expect(csv.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = fs.readFileSync(await csv.path(), 'utf8')
  expect(text).toContain(first.orderNumber)
  expect(text).toContain(second.orderNumber)
  expect(text).not.toContain(old.orderNumber)

  // Details, with the runner's proof.
  await acme.getByRole('link', { name: `Details of ${first.orderNumber}` }).click()
  const dialog = page.getByRole('dialog', { name: `Request ${first.orderNumber}` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Acme Cleaning')
  await expect(dialog).toContainText('Paper Towels')
  await expect(dialog).toContainText('Ring twice')
  const proof = dialog.getByTestId('delivery-proof')
  await expect(proof).toContainText('Left with the concierge')
  const photo = proof.getByRole('img', { name: `Delivery photo for ${first.orderNumber}` })
  await expect(photo).toBeVisible()
  // Visible is a box on the page; the picture in it arrives after (a busy machine took seconds).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80)
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await bright.getByRole('link', { name: `Details of ${second.orderNumber}` }).click()
  await expect(page.getByRole('dialog').getByTestId('delivery-proof')).toContainText('No delivery proof yet.')
})

test('a manager enters a request in the New Request dialog', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('requests-new'))
  await givenStockedProperty(page.request, 'Copley Court', ['Coffee Pods', 'Sugar Sticks'])
  await page.goto('/requests')
  await expect(page.getByText('No requests found')).toBeVisible()
  await page.getByRole('link', { name: 'New Request' }).click()
  const dialog = page.getByRole('dialog', { name: 'New Request' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Select a property to see its products.')
  await dialog.getByRole('button', { name: 'Create Request' }).click()
  await expect(dialog.getByText('Property is required').first()).toBeVisible()
  await expect(dialog.getByText('Vendor name is required')).toBeVisible()

  await dialog.getByLabel('Property').selectOption({ label: 'Copley Court' })
  await expect(dialog.getByRole('checkbox', { name: 'Coffee Pods' })).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('Vendor name').fill('Front Desk')
  await dialog.getByRole('checkbox', { name: 'Coffee Pods' }).check()
  await dialog.getByLabel('Quantity of Coffee Pods').fill('6')
  await dialog.getByLabel('Notes (optional)').fill('For the breakfast room')
  await dialog.getByRole('button', { name: 'Create Request' }).click()

  await expect(page.getByTestId('toast')).toContainText('Request created successfully.')
  await expect(dialog).toBeHidden()
  const row = page.getByTestId('request-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Front Desk')
  await expect(row).toContainText('Copley Court')
  await expect(row).toContainText('Pending')
  const [created] = await (await page.request.get('/api/requests')).json()
  expect(created.requestedProducts).toEqual([expect.objectContaining({ name: 'Coffee Pods', quantity: 6 })])
  expect(created.notes).toBe('For the breakfast room')
})

test('notifications: the New badge, mark one read, delete, mark all read, then the empty text', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('requests-notes'))
  const { property, products } = await givenStockedProperty(page.request, 'Fenway Flats', ['Towels'])
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'First Vendor', products, quantity: 2 })
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'Second Vendor', products, quantity: 2 })
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'Third Vendor', products, quantity: 2 })

  // The sidebar's link: the bell is also named "Notifications" until its unread count arrives.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click()
  await expect(page.getByRole('heading', { name: 'Unread (3)' })).toBeVisible()
  await expect(page.getByText('New', { exact: true })).toHaveCount(3)
  await expectAccessible(page)
  // The icons come from the page's sprite (decision 102) and draw at their size.
  await expectIconDrawn(page.getByTestId('notification').first())
  await expectIconDrawn(page.getByRole('button', { name: /Delete: .*First Vendor/ }))

  await page.getByRole('button', { name: /Mark as read: .*First Vendor/ }).click()
  await expect(page.getByTestId('toast')).toContainText('Notification marked as read')
  await expect(page.getByRole('heading', { name: 'Unread (2)' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Read (1)' })).toBeVisible()
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 unread')

  await page.getByRole('button', { name: /Delete: .*Second Vendor/ }).click()
  await expect(page.getByTestId('toast')).toContainText('Notification deleted')
  await expect(page.getByRole('heading', { name: 'Unread (1)' })).toBeVisible()

  await page.getByRole('button', { name: 'Mark All Read' }).click()
  await expect(page.getByTestId('toast')).toContainText('All notifications marked as read')
  await expect(page.getByRole('heading', { name: 'Read (2)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toBeHidden()
  await expect(page.getByText('New', { exact: true })).toHaveCount(0)

  for (const vendor of ['First Vendor', 'Third Vendor']) {
    await page.getByRole('button', { name: new RegExp(`Delete: .*${vendor}`) }).click()
    await expect(page.getByRole('button', { name: new RegExp(`Delete: .*${vendor}`) })).toBeHidden()
  }
  await expect(page.getByText("No notifications yet. You'll see system alerts and updates here.")).toBeVisible()
  await expectAccessible(page)
})

test('the map page shows its requests on the fallback grid', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('requests-map'))
  const { property, products } = await givenStockedProperty(page.request, 'Map House', ['Rope', 'Chalk', 'Pins'])
  const request = await givenRequest(page.request, { propertyId: property.id, vendorName: 'Cartographers Inc', products, quantity: 2 })
  await page.goto('/map')
  const mapPage = page.getByTestId('map-page')
  await expect(mapPage.getByTestId('map-marker')).toHaveCount(1)
  await expect(mapPage.getByTestId('map-marker')).toHaveAttribute('title', 'Rope, Chalk +1 more')
  await mapPage.getByTestId('map-marker').click()
  await expect(page.getByTestId('selected-request')).toContainText(request.orderNumber)
  await expect(page.getByTestId('selected-request')).toContainText('Rope + 2 more items')
  await expectAccessible(page)
})
