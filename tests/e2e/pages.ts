// Audits every page in the inventory (tests/support/page-inventory.ts) with axe: pages.spec.ts with
// JavaScript, pages.nojs.spec.ts without it for the vendor's and runner's pages. With JavaScript the
// same visit also proves the page logs no hydration or console error (issue 34, item 11). The world
// the URLs need is built once per worker through the manager's own /api and a vendor's real request.
import type { APIRequestContext, Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test'
import { PAGES, type PageEntry, type PageView, type PageWorld } from '../support/page-inventory'
import { expect, expectAccessible, signInThroughForm, test as base, uniqueEmail, untilHydrated } from './fixtures'

type World = PageWorld & { managerState: Awaited<ReturnType<BrowserContext['storageState']>> }

async function post(api: APIRequestContext, path: string, data?: unknown) {
  const res = await api.post(path, { data })
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
  return res.json()
}

async function buildWorld(browser: Browser): Promise<World> {
  const context = await browser.newContext({ javaScriptEnabled: true })
  try {
    const manager = await context.newPage()
    await signInThroughForm(manager, uniqueEmail('pages'))
    const api = manager.request
    const property = await post(api, '/api/properties', { name: 'Harbor View Apartments', address: '12 Pier Road, Boston, MA 02110', isActive: true, qrCodeActive: true })
    const product = await post(api, '/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', description: 'Unscented, 56 oz', price: '$7.99' })
    await post(api, `/api/properties/${property.id}/products`, { productId: product.id })
    // The property page then shows a par level, its reorder suggestion and a standing order.
    expect((await api.put(`/api/properties/${property.id}/products/${product.id}`, { data: { parLevel: 12 } })).ok()).toBe(true)
    await post(api, '/api/standing-orders', { propertyId: property.id, vendorName: 'Ortega Services', items: [{ productId: product.id, quantity: 6 }], every: 'week', weekday: 1, time: '07:30', timezone: 'America/New_York' })
    const pending = await post(api, '/api/requests', { propertyId: property.id, vendorName: 'Ortega Services', requestedProducts: [{ productId: product.id, quantity: 2 }] })
    const assigned = await post(api, '/api/requests', { propertyId: property.id, vendorName: 'Bay Cleaning', requestedProducts: [{ productId: product.id, quantity: 1 }] })
    const runner = await post(api, '/api/runners', { name: 'Rita Runner', phone: '+15550123' })
    const assignment = await post(api, '/api/dispatch/assign', { requestId: assigned.id, runnerId: runner.id, notes: 'Use the side gate' })
    const { shareableUrl } = await post(api, `/api/dispatch/assign/${assignment.id}/link`)
    // On its way: the state in which the runner's proof dialog opens.
    const moved = await api.post(new URL(shareableUrl).pathname, { multipart: { intent: 'status', status: 'in_transit' }, headers: { Origin: new URL(manager.url()).origin }, maxRedirects: 0 })
    expect(moved.status()).toBe(302)
    // A run of its own, so Dispatch shows a run card and the runner has a van to load (issue 37).
    const forRun = await post(api, '/api/requests', { propertyId: property.id, vendorName: 'Harbor Housekeeping', requestedProducts: [{ productId: product.id, quantity: 3 }] })
    const made = await post(api, '/api/dispatch/runs', { runnerId: runner.id, requestIds: [forRun.id] })
    const invoice = await post(api, '/api/invoices', {
      recipientName: 'Pat Payer',
      recipientEmail: 'pat@payer.test',
      items: [{ description: 'Hand Soap Refill', quantity: '2', unitPrice: '$7.99' }],
    })
    // Settings as an owner sees it with integrations in use, and runners asked for the handover code.
    const origin = new URL(manager.url()).origin
    // Stock: the first depot (made at sign-up) holds the product in a bin, below its reorder point; a second has a count open.
    const { depots } = (await (await api.get('/api/depots')).json()) as { depots: { id: string }[] }
    const depotId = depots[0]!.id
    // A draft purchase order from a supplier into that depot.
    const { supplier } = await post(api, '/api/suppliers', { name: 'Clean Supply Co', email: 'orders@cleansupply.test', leadTimeDays: 5 })
    const { purchaseOrder } = await post(api, '/api/purchase-orders', { supplierId: supplier.id, depotId, lines: [{ productId: product.id, quantity: 12, unitCost: 4.5 }] })
    for (const form of <Record<string, string>[]>[
      { intent: 'integrations-create-key', name: 'Ledger', scopes: 'catalog:read' },
      { intent: 'integrations-create-webhook', url: 'https://93.184.215.14/stockrun-hook', events: 'invoice.sent' },
      { intent: 'organisation', requireHandoverCode: 'true' },
    ]) {
      const res = await api.post('/settings', { form, headers: { Origin: origin }, maxRedirects: 0 })
      expect(res.status(), form.intent).toBeLessThan(400)
    }
    expect((await api.put(`/api/depots/${depotId}/stock/${product.id}`, { data: { reorderPoint: 5, reorderQuantity: 20, bin: 'A-01' } })).ok()).toBe(true)
    await post(api, '/api/stock/movements', { depotId, productId: product.id, quantity: 4, reason: 'receive', note: 'First delivery' })
    const { depot: countDepot } = await post(api, '/api/depots', { name: 'North yard' })
    expect((await api.post(`/depots/${countDepot.id}/count`, { form: { intent: 'open' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(302)
    const sent = await post(api, '/api/vendor/requests', {
      propertyId: property.id,
      vendorName: 'Olena Kovalenko',
      requestedProducts: [{ productId: product.id, quantity: 1 }],
      language: 'uk',
    })
    return {
      propertyId: property.id,
      productId: product.id,
      pendingRequestId: pending.id,
      invoiceId: invoice.id,
      purchaseOrderId: purchaseOrder.id,
      runnerPortal: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`,
      deliveryLink: new URL(shareableUrl).pathname,
      vanLoad: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}/load/${made.run.id}`,
      trackPath: new URL(sent.trackingUrl).pathname,
      periodFrom: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      periodTo: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      depotId,
      countDepotId: countDepot.id,
      managerState: await context.storageState(),
    }
  } finally {
    await context.close()
  }
}

export const test = base.extend<object, { world: World }>({
  world: [async ({ browser }, use) => use(await buildWorld(browser)), { scope: 'worker', timeout: 60_000 }],
})

/** A vendor's own browser: a cart with the product, or a request just sent from it. */
async function asVendor(page: Page, world: World, state: NonNullable<PageView['before']>) {
  const api = page.context().request
  const origin = new URL(page.url() === 'about:blank' ? test.info().project.use.baseURL! : page.url()).origin
  const headers = { Origin: origin }
  const form = { intent: 'add', productId: world.productId, lang: 'en' }
  expect((await api.post(`/vendor/${world.propertyId}/request`, { form, headers, maxRedirects: 0 })).status()).toBe(302)
  if (state === 'vendor-sent') {
    const res = await api.post(`/vendor/${world.propertyId}/request/submit`, { form: { lang: 'en', vendorName: 'Olena Kovalenko' }, headers, maxRedirects: 0 })
    expect(res.headers().location).toContain('step=sent')
  }
}

export async function visit(page: Page, world: World, v: PageView) {
  const path = v.path(world)
  if (v.before) await asVendor(page, world, v.before)
  if (v.method === 'POST') {
    // Only a form post reaches this page: fetch it, then show exactly that answer at its address.
    const url = new URL(path, test.info().project.use.baseURL!).href
    const res = await page.context().request.post(url, { headers: { Origin: new URL(url).origin }, ...(v.form ? { multipart: v.form } : {}) })
    expect(res.status()).toBe(v.status)
    const body = await res.text()
    await page.route(url, (route) => route.fulfill({ status: res.status(), body, contentType: 'text/html' }))
    await page.goto(url)
    await page.unroute(url)
    return
  }
  const res = await page.goto(path)
  expect(res?.status(), `${v.name}: ${path}`).toBe(v.status ?? 200)
  if (v.dialog) await expect(page.getByRole('dialog', { name: v.dialog })).toBeVisible()
  if (v.region) await expect(page.getByRole('region', { name: v.region })).toBeVisible()
}

/**
 * The browser's clock runs three hours ahead of the server's: a relative time ("5 minutes ago") that
 * the browser counted from its own clock while hydrating would read differently from the server's HTML.
 */
const CLOCK_AHEAD_MS = 3 * 3_600_000

/** Every console error and uncaught error of the page, as text. */
function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return errors
}

/** Until React has hydrated the page (the router is up) and has no work left in which to report a mismatch. */
async function settled(page: Page) {
  await page.waitForLoadState('load')
  await untilHydrated(page)
  // React hydrates in scheduled tasks and reports a mismatch from them: two idle turns in a row mean
  // it has none left to run (the browser only calls an idle callback with no task waiting).
  for (let turn = 0; turn < 2; turn++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })))
}

/**
 * One test per view of each page, so a page with many views (the vendor's: nine) is not one long test
 * near its limit on a busy machine (decision 117); the world is still built once per worker. With
 * JavaScript, the visit that axe reads is the one checked for hydration and console errors: one visit
 * per view instead of two (issue 36, item 6).
 */
export function auditPages(filter: (entry: PageEntry) => boolean) {
  for (const entry of PAGES.filter((e) => !e.layout && filter(e))) {
    for (const v of entry.views) {
      test(`${entry.file}: ${v.name} passes axe${filter === everyPage ? ' and logs no hydration or console error' : ''}`, async ({ browser, world }) => {
        if (entry.auditMs) test.setTimeout(entry.auditMs)
        const withScript = test.info().project.use.javaScriptEnabled !== false
        const context = await browser.newContext({ javaScriptEnabled: withScript, storageState: entry.who === 'manager' ? world.managerState : undefined })
        try {
          const page = await context.newPage()
          if (withScript) {
            await page.clock.setSystemTime(new Date(Date.now() + CLOCK_AHEAD_MS))
            const errors = collectErrors(page)
            await visit(page, world, v)
            await settled(page)
            // A page that answers 4xx on purpose (not found, refused) has the browser say so about its own load.
            const expected = v.status && v.status >= 400 ? /Failed to load resource: the server responded with a status of 4\d\d/ : null
            expect(errors.filter((e) => !expected?.test(e)), `console errors on ${v.name}`).toEqual([])
          } else {
            await visit(page, world, v)
          }
          await expectAccessible(page)
        } finally {
          await context.close()
        }
      })
    }
  }
}

/** Every page of the inventory (pages.spec.ts). */
export const everyPage = () => true
