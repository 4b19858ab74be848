// Live updates in the browser (issue 16): with the event stream open, a vendor's request reaches the
// open dashboard and dispatch board in a couple of seconds, well before any poll would.
import type { Page } from '@playwright/test'
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

/** The dashboard polls every 10 s: arriving sooner than this can only be the stream. */
const FASTER_THAN_A_POLL = 4_000

/**
 * Opens `path` and waits until it is live: its stream open, and the catch-up reload the page makes
 * on connecting (of `routeId`'s data) come back, so a later reload is one an announcement caused.
 */
async function openLive(page: Page, path: string, routeId: string) {
  let streamOpen = false
  const caughtUp = page.waitForResponse((res) => {
    if (res.url().endsWith('/api/events') && res.status() === 200) streamOpen = true
    return streamOpen && res.url().includes(`_data=${encodeURIComponent(routeId)}`) && res.request().method() === 'GET'
  })
  await page.goto(path)
  await caughtUp
}

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

  await openLive(page, '/', 'routes/_app+/_index')
  await send('Streamed Supplies')
  await expect(page.getByTestId('request-card').filter({ hasText: 'Streamed Supplies' })).toBeVisible({ timeout: FASTER_THAN_A_POLL })

  await openLive(page, '/dispatch', 'routes/_app+/dispatch')
  await send('Board Watchers')
  await expect(page.getByText('Board Watchers')).toBeVisible({ timeout: FASTER_THAN_A_POLL })
})

test('a live reload arriving while a switch is being saved waits for it, so the save’s toast still shows', async ({ page, playwright, baseURL }) => {
  await signInThroughForm(page, uniqueEmail('live-save'))
  const { property, products } = await givenStockedProperty(page.request, 'Quiet Court', ['Sponges'])
  // Marks the moment an announcement's reload is due: the page coalesces a burst for 250 ms after its
  // last message, and this listener, added before the page's own, is due just after it.
  await page.addInitScript(() => {
    const w = window as unknown as { __reloadDue: boolean; EventSource: typeof EventSource }
    const Native = w.EventSource
    w.__reloadDue = false
    w.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        let timer: ReturnType<typeof setTimeout> | undefined
        const due = () => {
          clearTimeout(timer)
          timer = setTimeout(() => (w.__reloadDue = true), 300)
        }
        for (const type of ['request.created', 'request.updated', 'assignment.updated', 'notification.created']) this.addEventListener(type, due)
      }
    }
  })
  await openLive(page, '/settings', 'routes/_app+/settings')

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
  // The announcement has arrived and its reload is due, held back by the save.
  await page.waitForFunction(() => (window as unknown as { __reloadDue: boolean }).__reloadDue)

  answerSave()
  await expect(page.getByTestId('toast')).toContainText('Your preferences have been saved successfully.')
})

test('a live reload after a refused New Request keeps the dialog’s errors on screen', async ({ page, playwright, baseURL }) => {
  await signInThroughForm(page, uniqueEmail('live-errors'))
  const { property, products } = await givenStockedProperty(page.request, 'Errand Court', ['Paper Towels'])
  await openLive(page, '/requests?dialog=new-request', 'routes/_app+/requests')
  const dialog = page.getByRole('dialog', { name: 'New Request' })
  await dialog.getByRole('button', { name: 'Create Request' }).click()
  await expect(dialog.getByText('Vendor name is required')).toBeVisible()

  // A vendor's request is announced: the page's loaders run again in the background.
  const reloaded = page.waitForResponse((res) => res.url().includes('_data=routes%2F_app%2B%2Frequests') && res.request().method() === 'GET')
  const vendor = await playwright.request.newContext({ baseURL })
  expect((await vendor.post('/api/vendor/requests', { data: { propertyId: property.id, vendorName: 'Background Vendor', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] } })).status()).toBe(201)
  await vendor.dispose()
  await reloaded
  await expect(page.getByTestId('request-count')).toContainText('1 request')
  await expect(dialog.getByText('Vendor name is required')).toBeVisible()
  await expect(dialog.getByText('Property is required').first()).toBeVisible()
})
