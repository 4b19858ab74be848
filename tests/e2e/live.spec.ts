// Live updates in the browser (issue 16): with the event stream open, a vendor's request reaches the
// open dashboard and dispatch board in a couple of seconds, well before any poll would.
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

/** The dashboard polls every 10 s: arriving sooner than this can only be the stream. */
const FASTER_THAN_A_POLL = 4_000

test('a vendor request reaches the dashboard and the dispatch board through the live stream', async ({ page, playwright, baseURL }) => {
  test.setTimeout(45_000)
  await signInThroughForm(page, uniqueEmail('live-e2e'))
  const { property, products } = await givenStockedProperty(page.request, 'Live Lofts', ['Hand Soap'])
  const send = async (vendorName: string) => {
    const vendor = await playwright.request.newContext({ baseURL })
    const res = await vendor.post('/api/vendor/requests', {
      data: { propertyId: property.id, vendorName, requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] },
    })
    expect(res.status()).toBe(201)
    await vendor.dispose()
  }

  const stream = page.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200)
  await page.goto('/')
  await stream
  await page.waitForTimeout(1_000)
  await send('Streamed Supplies')
  await expect(page.getByTestId('request-card').filter({ hasText: 'Streamed Supplies' })).toBeVisible({ timeout: FASTER_THAN_A_POLL })

  await page.goto('/dispatch')
  await page.waitForTimeout(1_500)
  await send('Board Watchers')
  await expect(page.getByText('Board Watchers')).toBeVisible({ timeout: FASTER_THAN_A_POLL })
})

test('a live reload arriving while a switch is being saved waits for it, so the save’s toast still shows', async ({ page, playwright, baseURL }) => {
  await signInThroughForm(page, uniqueEmail('live-save'))
  const { property, products } = await givenStockedProperty(page.request, 'Quiet Court', ['Sponges'])
  const stream = page.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200)
  await page.goto('/settings')
  await stream
  await page.waitForTimeout(1_000)

  // The save is slow to answer, and a vendor's request is announced on the stream meanwhile.
  let answerSave = () => {}
  const saveHeld = new Promise<void>((resolve) => (answerSave = resolve))
  await page.route(
    (url) => url.pathname === '/settings' && url.searchParams.has('_data'),
    async (route) => {
      if (route.request().method() === 'POST') await saveHeld
      await route.continue()
    },
  )
  const saving = page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/settings')
  await page.getByRole('switch', { name: 'Email notifications' }).uncheck()
  await saving
  const vendor = await playwright.request.newContext({ baseURL })
  expect((await vendor.post('/api/vendor/requests', { data: { propertyId: property.id, vendorName: 'Mid-save', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] } })).status()).toBe(201)
  await vendor.dispose()
  // Long enough for the announcement to arrive and its reload to be due (250 ms).
  await page.waitForTimeout(1_000)

  answerSave()
  await expect(page.getByTestId('toast')).toContainText('Your preferences have been saved successfully.')
})

test('a live reload after a refused New Request keeps the dialog’s errors on screen', async ({ page, playwright, baseURL }) => {
  await signInThroughForm(page, uniqueEmail('live-errors'))
  const { property, products } = await givenStockedProperty(page.request, 'Errand Court', ['Paper Towels'])
  const stream = page.waitForResponse((res) => res.url().endsWith('/api/events') && res.status() === 200)
  await page.goto('/requests?dialog=new-request')
  await stream
  await page.waitForTimeout(1_000)
  const dialog = page.getByRole('dialog', { name: 'New Request' })
  await dialog.getByRole('button', { name: 'Create Request' }).click()
  await expect(dialog.getByText('Vendor name is required')).toBeVisible()

  // A vendor's request is announced: the page's loaders run again in the background.
  const reloaded = page.waitForResponse((res) => res.url().includes('_data=routes%2F_app.requests') && res.request().method() === 'GET')
  const vendor = await playwright.request.newContext({ baseURL })
  expect((await vendor.post('/api/vendor/requests', { data: { propertyId: property.id, vendorName: 'Background Vendor', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] } })).status()).toBe(201)
  await vendor.dispose()
  await reloaded
  await expect(page.getByTestId('request-count')).toContainText('1 request')
  await expect(dialog.getByText('Vendor name is required')).toBeVisible()
  await expect(dialog.getByText('Property is required').first()).toBeVisible()
})
