// The manager's dashboard: a vendor's request arriving while it is open, the sound that announces
// it, the counters, the bell, and finding a request by filter, search and the map (the fallback grid:
// the test server has no maps key).
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, expectIconDrawn, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenRequest, givenStockedProperty } from './given'

/** Requests poll every 10 s and the unread count every 5 s (spec §9): one period plus a margin. */
const ONE_POLL = 12_000

/** Counts HTMLMediaElement.play() calls (the notification sound) without playing anything. */
async function spyOnSound(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __soundPlays: string[] }
    w.__soundPlays = []
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      w.__soundPlays.push(this.currentSrc || this.src)
      return Promise.resolve()
    }
  })
}
/** Counts the page's readings of the unread count (what the sound compares) that have come back. */
function watchReadings(page: Page) {
  const readings = { back: 0 }
  page.on('requestfinished', (req) => void (new URL(req.url()).pathname === '/api/notifications/unread' && readings.back++))
  return readings
}

const soundPlays = (page: Page) => page.evaluate(() => (window as unknown as { __soundPlays: string[] }).__soundPlays.length)

test('a vendor request arriving while the dashboard is open appears within one poll and rings once', async ({ page, playwright, baseURL }) => {
  test.setTimeout(75_000)
  await spyOnSound(page)
  await signInThroughForm(page, uniqueEmail('dash-live'))
  const { property, products } = await givenStockedProperty(page.request, 'Pier Seven Lofts', ['Hand Soap', 'Trash Bags'])
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'Early Bird Co', products: [products[0]!] })

  const readings = watchReadings(page)
  await page.goto('/')
  await expect(page.getByTestId('request-card')).toHaveCount(1)
  await expectIconDrawn(page.getByTestId('request-card'))
  await expect(page.getByTestId('stat-pendingRequests')).toHaveText('1')
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 1 unread')
  await expectAccessible(page)
  // The first reading is the baseline: nothing has arrived since the page loaded.
  await expect.poll(() => readings.back).toBeGreaterThan(0)
  expect(await soundPlays(page)).toBe(0)
  const before = readings.back

  const vendor = await playwright.request.newContext({ baseURL })
  const sent = await vendor.post('/api/vendor/requests', {
    data: { propertyId: property.id, vendorName: 'Late Arrival Supplies', requestedProducts: [{ productId: products[1]!.id, quantity: 2 }], status: 'pending' },
  })
  expect(sent.status()).toBe(201)
  await vendor.dispose()

  const card = page.getByTestId('request-card').filter({ hasText: 'Late Arrival Supplies' })
  await expect(card).toBeVisible({ timeout: ONE_POLL })
  await expect(card).toContainText('Trash Bags')
  await expect(card).toContainText('Pier Seven Lofts')
  await expect(page.getByTestId('stat-pendingRequests')).toHaveText('2')
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications, 2 unread')
  await expect.poll(() => soundPlays(page), { timeout: ONE_POLL }).toBe(1)
  expect(await page.evaluate(() => (window as unknown as { __soundPlays: string[] }).__soundPlays[0])).toContain('/sounds/notification.wav')

  // The next reading sees the same count: no second sound. (The one that rang is followed by the one
  // the page's reload makes, or the next poll's.)
  await expect.poll(() => readings.back, { timeout: ONE_POLL }).toBeGreaterThanOrEqual(before + 2)
  expect(await soundPlays(page)).toBe(1)
})

test('no sound for a manager who switched sounds off', async ({ page, playwright, baseURL }) => {
  test.setTimeout(45_000)
  await spyOnSound(page)
  await signInThroughForm(page, uniqueEmail('dash-quiet'))
  await page.request.put('/api/settings', { data: { notificationSoundsEnabled: false } })
  const { property, products } = await givenStockedProperty(page.request, 'Quiet Court', ['Light Bulbs'])
  const readings = watchReadings(page)
  await page.goto('/')
  // The first reading is the baseline; the next one after the arrival would ring.
  await expect.poll(() => readings.back).toBeGreaterThan(0)
  const before = readings.back
  const vendor = await playwright.request.newContext({ baseURL })
  await vendor.post('/api/vendor/requests', { data: { propertyId: property.id, vendorName: 'Silent Partner', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] } })
  await vendor.dispose()
  await expect(page.getByTestId('request-card').filter({ hasText: 'Silent Partner' })).toBeVisible({ timeout: ONE_POLL })
  await expect.poll(() => readings.back, { timeout: ONE_POLL }).toBeGreaterThan(before)
  expect(await soundPlays(page)).toBe(0)
})

test('filter chips, search, selecting on the map grid and exporting what the list shows', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('dash-find'))
  const api = page.request
  const { property, products } = await givenStockedProperty(api, 'Harbor View Towers', ['Glass Cleaner', 'Mop Heads', 'Light Bulbs'])
  const [glass, mop, bulbs] = products as [{ id: string; name: string }, { id: string; name: string }, { id: string; name: string }]
  const a = await givenRequest(api, { propertyId: property.id, vendorName: 'Acme Cleaning', products: [glass, mop] })
  const b = await givenRequest(api, { propertyId: property.id, vendorName: 'Bright Facilities', products: [bulbs], notes: 'Back door, please' })
  const c = await givenRequest(api, { propertyId: property.id, vendorName: 'Citrus Services', products: [mop] })
  const d = await givenRequest(api, { propertyId: property.id, vendorName: 'Delta Supplies', products: [glass] })
  await api.patch(`/api/requests/${b.id}`, { data: { status: 'in_progress' } })
  await api.patch(`/api/requests/${c.id}`, { data: { status: 'completed' } })
  await api.patch(`/api/requests/${d.id}`, { data: { status: 'archived' } })

  await page.goto('/')
  const cards = page.getByTestId('request-card')
  // Archived requests are not on the dashboard.
  await expect(cards).toHaveCount(3)
  await expect(cards.filter({ hasText: 'Delta Supplies' })).toHaveCount(0)
  const acme = cards.filter({ hasText: 'Acme Cleaning' })
  await expect(acme).toContainText('Glass Cleaner')
  await expect(acme).toContainText('Glass Cleaner + 1 more item')
  await expect(acme).toContainText(a.orderNumber)
  await expect(cards.filter({ hasText: 'Bright Facilities' })).toContainText('Back door, please')
  await expect(cards.filter({ hasText: 'Bright Facilities' })).toContainText('Assigned')
  await expect(page.getByTestId('stat-inProgressRequests')).toHaveText('1')
  await expect(page.getByTestId('stat-completedToday')).toHaveText('1')
  await expect(page.getByTestId('stat-activeQRCodes')).toHaveText('1')

  await page.getByRole('link', { name: 'Assigned', exact: true }).click()
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText('Bright Facilities')
  await page.getByRole('link', { name: 'Completed', exact: true }).click()
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText('Citrus Services')
  await page.getByRole('link', { name: 'All', exact: true }).click()
  await expect(cards).toHaveCount(3)

  const search = page.getByRole('searchbox', { name: 'Search requests' })
  await expect(search).toHaveAttribute('placeholder', 'Search requests, products, or locations...')
  await search.fill('MOP heads')
  await expect(cards).toHaveCount(2)
  await search.fill('back DOOR')
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText('Bright Facilities')
  await search.fill('no such thing')
  await expect(page.getByText('No requests found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible()
  await search.fill('')
  await expect(cards).toHaveCount(3)

  // The map without a key: the fallback grid with numbered markers, the legend starting hidden.
  const map = page.getByTestId('requests-map')
  await expect(map.getByTestId('map-fallback-message')).toContainText('needs a Google Maps API key')
  const markers = map.getByTestId('map-marker')
  await expect(markers).toHaveText(['1', '2', '3'])
  await expect(markers.nth(0)).toHaveAttribute('title', 'Mop Heads')
  await expect(markers.nth(2)).toHaveAttribute('title', 'Glass Cleaner, Mop Heads')
  await expect(map.getByText('Assigned / In Progress')).toBeHidden()
  await map.getByText('Map Legend').click()
  await expect(map.getByText('Assigned / In Progress')).toBeVisible()

  await acme.click()
  const selected = page.getByTestId('selected-request')
  await expect(selected).toContainText('Selected Request')
  await expect(selected).toContainText(a.orderNumber)
  await expect(selected).toContainText('Glass Cleaner + 1 more item')
  await expect(selected).toContainText('Property: Harbor View Towers')
  await expect(selected).toContainText('Vendor: Acme Cleaning')
  await expect(acme).toHaveAttribute('aria-current', 'true')
  await expect(markers.nth(2)).toHaveAttribute('aria-current', 'true')

  await markers.nth(1).click()
  await expect(selected).toContainText('Vendor: Bright Facilities')
  await expect(selected).toContainText('Back door, please')
  await expect(cards.filter({ hasText: 'Bright Facilities' })).toHaveAttribute('aria-current', 'true')
  await expectAccessible(page)

  // Export: the CSV of what the list shows (here: the Assigned chip).
  await page.getByRole('link', { name: 'Assigned', exact: true }).click()
  await expect(cards).toHaveCount(1)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe('Order Number,Request ID,Status,Property,Address,Vendor,Products,Items,Notes,Created At,Urgent,Needed By,Photos')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`${b.orderNumber},${b.id},in_progress,Harbor View Towers,`)
  expect(lines[1]).toContain('"Back door, please"')
})

test('a new organisation is told how to start receiving requests, and the bell marks a notification read', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('dash-empty'))
  await expect(page.getByText('No requests found')).toBeVisible()
  await expect(page.getByText('Create your first property to start receiving requests')).toBeVisible()
  await expect(page.getByTestId('request-card')).toHaveCount(0)
  await expectAccessible(page)

  const { property, products } = await givenStockedProperty(page.request, 'Bell Tower', ['Rope'])
  await givenRequest(page.request, { propertyId: property.id, vendorName: 'Campanile Co', products })
  await page.reload()
  const bell = page.getByTestId('notification-bell')
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  await bell.click()
  const dropdown = page.getByTestId('notification-dropdown')
  const item = dropdown.getByRole('button', { name: /from Campanile Co.*\(unread, mark as read\)/ })
  await expect(item).toBeVisible()
  expect((await dropdown.boundingBox())!.width).toBe(320)
  await expectAccessible(page)
  await item.click()
  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(dropdown.getByRole('button', { name: /from Campanile Co/ })).not.toHaveAccessibleName(/unread/)
  await page.keyboard.press('Escape')
  await expect(dropdown).toBeHidden()
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })
  test('the dashboard stacks counters, list and map without sideways scrolling', async ({ page }) => {
    await signInThroughForm(page, uniqueEmail('dash-phone'))
    const { property, products } = await givenStockedProperty(page.request, 'Narrow House', ['Tape', 'Glue', 'Nails'])
    await givenRequest(page.request, { propertyId: property.id, vendorName: 'Thin Line Ltd', products })
    await page.reload()
    await expect(page.getByTestId('request-card')).toContainText('Tape + 2 more items')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectAccessible(page)
  })
})
