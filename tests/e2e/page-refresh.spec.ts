// The pages for slow phones refresh themselves when their live stream says something changed
// (decision 040). A press made while such a refresh is on its way must still be sent: the enhancer
// used to find the page busy and drop it, the button left pressed and nothing saved (it showed as a
// flaky tracking journey). What a requester types meanwhile must stay: a refresh landing after it
// used to paint an empty form over it.
import type { Browser, Page } from '@playwright/test'
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

/**
 * A requester's tracking page, open, whose own refresh (a fetch, not a navigation) has begun after
 * the manager changed the request and is held until `letThrough` is called.
 */
async function trackingPageRefreshing(page: Page, browser: Browser, name: string) {
  const managerContext = await browser.newContext()
  const manager = await managerContext.newPage()
  await signInThroughForm(manager, uniqueEmail('refresh'))
  const { property, products } = await givenStockedProperty(manager.request, name, ['Bath Towels'])
  const sent = await page.request.post('/api/vendor/requests', {
    data: { propertyId: property.id, vendorName: 'Vera Vendor', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const { id, trackingUrl } = (await sent.json()) as { id: string; trackingUrl: string }
  const trackPath = new URL(trackingUrl).pathname

  let refreshSeen!: () => void
  const refreshing = new Promise<void>((resolve) => (refreshSeen = resolve))
  let letThrough!: () => void
  const held = new Promise<void>((resolve) => (letThrough = resolve))
  await page.route(
    (url) => url.pathname === trackPath,
    async (route) => {
      if (route.request().resourceType() !== 'fetch' || route.request().method() !== 'GET') return route.continue()
      refreshSeen()
      await held
      await route.continue().catch(() => {})
    },
  )
  await page.goto(trackPath)
  await expect(page.getByRole('button', { name: 'Keep me posted' })).toBeVisible()
  const statusBefore = await page.getByTestId('tracking-status').textContent()

  // The manager changes the request; the page hears it and starts refreshing itself.
  expect((await manager.request.patch(`/api/requests/${id}`, { data: { status: 'in_progress' }, headers: { Origin: new URL(manager.url()).origin } })).ok()).toBe(true)
  await refreshing
  await managerContext.close()
  return { trackPath, statusBefore: statusBefore!, letThrough }
}

test('a requester who asks to be kept posted while the page is refreshing itself is kept posted', async ({ page, browser }) => {
  const { letThrough } = await trackingPageRefreshing(page, browser, 'Quay House')
  await page.getByLabel('E-mail').fill('vera@vendor.test')
  await page.getByRole('button', { name: 'Keep me posted' }).click()
  letThrough()
  await expect(page.getByTestId('notify-saved')).toBeVisible()
  await expect(page.getByTestId('notify-listening')).toHaveText('Updates go to v•••@vendor.test.')
})

test('what a requester types while the page is refreshing itself stays in the form, and the page still shows the change', async ({ page, browser }) => {
  const { trackPath, statusBefore, letThrough } = await trackingPageRefreshing(page, browser, 'Dock House')
  await page.getByLabel('E-mail').fill('vera@vendor.test')
  // Typed, then the field left: the refresh lands after both.
  await page.getByRole('heading', { name: 'Hear when it moves' }).click()
  const landed = page.waitForResponse((res) => new URL(res.url()).pathname === trackPath && res.request().resourceType() === 'fetch')
  letThrough()
  await landed
  await expect(page.locator('body')).not.toHaveAttribute('aria-busy', 'true')
  // The page shows the change, and what was typed is still there.
  await expect(page.getByTestId('tracking-status')).not.toHaveText(statusBefore)
  await expect(page.getByLabel('E-mail')).toHaveValue('vera@vendor.test')
  await page.getByRole('button', { name: 'Keep me posted' }).click()
  await expect(page.getByTestId('notify-saved')).toBeVisible()
})
