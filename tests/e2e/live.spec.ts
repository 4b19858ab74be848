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
