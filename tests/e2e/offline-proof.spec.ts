// A runner loses signal at the door (issue 16, item 4; decision 047): with JavaScript the photo, the
// status change and the proof wait on the phone, the page says what is waiting, and once the signal is
// back each is sent once. Counted in the test server's database, which is what the manager sees.
import { createRequire } from 'node:module'
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { E2E_DATABASE } from '../../other/playwright.config'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const PHONE = { width: 360, height: 780 }

type Sqlite = { prepare: (sql: string) => { get: (...values: unknown[]) => unknown }; close: () => void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options?: { readonly: boolean }) => Sqlite

/** What the manager would find for this delivery: its status, its proofs and its recorded status changes. */
function recorded(assignmentId: string) {
  const db = new Database(E2E_DATABASE, { readonly: true })
  try {
    const one = (sql: string) => db.prepare(sql).get(assignmentId) as Record<string, unknown>
    return {
      status: one('SELECT status FROM RunnerAssignment WHERE id = ?').status,
      proofs: one('SELECT count(*) AS n FROM DeliveryProof WHERE assignmentId = ?').n,
      notes: one('SELECT group_concat(notes) AS notes FROM DeliveryProof WHERE assignmentId = ?').notes,
      deliveredChanges: one(`SELECT count(*) AS n FROM AuditEvent WHERE action = 'assignment.status_changed' AND targetId = ? AND details LIKE '%"to":"delivered"%'`).n,
      proofNotices: one(`SELECT count(*) AS n FROM Notification WHERE assignmentId = ? AND message LIKE '%submitted proof%'`).n,
    }
  } finally {
    db.close()
  }
}

/** A manager's request assigned to a runner, made through /api; the runner has started it. */
async function givenDeliveryInTransit(browser: Browser) {
  const context = await browser.newContext()
  const manager = await context.newPage()
  await signInThroughForm(manager, uniqueEmail('offline-e2e'))
  const headers = { Origin: new URL(manager.url()).origin }
  const post = async (path: string, data?: unknown) => {
    const res = await manager.request.post(path, { data, headers })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const patch = async (path: string, data: unknown) => expect((await manager.request.patch(path, { data, headers })).ok()).toBe(true)
  const property = await post('/api/properties', { name: 'Dockside Lofts', address: '3 Wharf Street, Boston, MA', isActive: true, qrCodeActive: true })
  const product = await post('/api/products', { name: 'Paper Towels' })
  await post(`/api/properties/${property.id}/products`, { productId: product.id })
  const request = await post('/api/requests', { propertyId: property.id, vendorName: 'Ortega Services', requestedProducts: [{ productId: product.id, quantity: 1 }] })
  const runner = await post('/api/runners', { name: 'Rita Runner', phone: '+15550123' })
  const assignment = await post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
  await patch(`/api/dispatch/assign/${assignment.id}`, { status: 'in_transit' })
  const { shareableUrl } = await post(`/api/dispatch/assign/${assignment.id}/link`)
  await context.close()
  return {
    orderNumber: request.orderNumber as string,
    assignmentId: assignment.id as string,
    portalPath: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`,
    deliveryPath: new URL(shareableUrl).pathname,
  }
}

async function photo() {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a4a3c' } }).jpeg().toBuffer()
  return { name: 'door.jpg', mimeType: 'image/jpeg', buffer }
}

const waiting = (page: Page) => page.getByRole('status').filter({ hasText: /waiting to send|Sent/ })

test('without signal, the status change and the proof wait on the phone and are sent once when it returns', async ({ browser }, info) => {
  test.setTimeout(60_000)
  const delivery = await givenDeliveryInTransit(browser)
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await page.goto(delivery.deliveryPath)
  // The worker is in place and has kept this page and its proof dialog for later.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect
    .poll(() => page.evaluate(async () => Boolean((await caches.match(location.href)) && (await caches.match(`${location.href}?dialog=proof`)))))
    .toBe(true)

  await context.setOffline(true)
  await page.getByRole('link', { name: 'Submit Delivery Proof' }).click()
  const dialog = page.getByRole('dialog', { name: 'Submit Delivery Proof' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Delivery Photo').setInputFiles(await photo())
  await dialog.getByLabel('Notes (Optional)').fill('Behind the blue door')
  await dialog.getByRole('button', { name: 'Submit Proof' }).click()
  await expect(waiting(page)).toContainText('1 waiting to send')
  await expect(waiting(page)).toContainText(`Delivery proof (order ${delivery.orderNumber})`)
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Submit Delivery Proof' })).toBeHidden()

  await page.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(waiting(page)).toContainText('2 waiting to send')
  await expect(waiting(page)).toContainText(`Mark as Delivered (order ${delivery.orderNumber})`)
  expect(recorded(delivery.assignmentId)).toMatchObject({ status: 'in_transit', proofs: 0, deliveredChanges: 0 })
  await expectAccessible(page)
  await page.screenshot({ path: info.outputPath('delivery-waiting.png'), fullPage: true })

  // Reopened without signal: the worker's copy of the page, with what is still waiting.
  await page.reload()
  await expect(page.getByRole('heading', { name: `Order ${delivery.orderNumber}` })).toBeVisible()
  await expect(waiting(page)).toContainText('2 waiting to send')

  await context.setOffline(false)
  await expect(waiting(page)).toContainText('Sent')
  await expect(waiting(page)).not.toContainText('waiting to send')
  await expect(page.getByText('Delivered', { exact: true })).toBeVisible()
  await page.screenshot({ path: info.outputPath('delivery-sent.png'), fullPage: true })
  expect(recorded(delivery.assignmentId)).toMatchObject({ status: 'delivered', proofs: 1, notes: 'Behind the blue door', deliveredChanges: 1, proofNotices: 1 })

  // Nothing is left to send again on the next visit.
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'waiting to send' })).toHaveCount(0)
  expect(recorded(delivery.assignmentId)).toMatchObject({ proofs: 1, deliveredChanges: 1 })
  await context.close()
})

// Issue 27, item 9: some Chromium builds, like many phones, never tell the page the signal is back.
test('what waits is sent within seconds of the signal returning, even when the phone never says it is online', async ({ browser }) => {
  const delivery = await givenDeliveryInTransit(browser)
  const context = await browser.newContext({ viewport: PHONE })
  // The page never hears `online`, as on such a phone.
  await context.addInitScript(() => window.addEventListener('online', (e) => e.stopImmediatePropagation(), true))
  const page = await context.newPage()
  await page.goto(delivery.deliveryPath)
  await page.evaluate(() => navigator.serviceWorker.ready)

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(waiting(page)).toContainText('1 waiting to send')
  await context.setOffline(false)
  // Well before the 20-second interval, with Playwright's usual five seconds to see it.
  await expect(waiting(page)).toContainText('Sent')
  await expect(page.getByText('Delivered', { exact: true })).toBeVisible()
  expect(recorded(delivery.assignmentId)).toMatchObject({ status: 'delivered', deliveredChanges: 1 })
  await context.close()
})

test('a status change the server turns away as too busy stays waiting, and goes when it can, as a plain form', async ({ browser }) => {
  const delivery = await givenDeliveryInTransit(browser)
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(delivery.deliveryPath)
  const sentAs: string[] = []
  let answer: 'no signal' | 'too busy' | 'through' = 'no signal'
  await page.route(`**${delivery.deliveryPath}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    sentAs.push((await route.request().headerValue('content-type')) ?? '')
    if (answer === 'no signal') return route.abort('internetdisconnected')
    if (answer === 'too busy') return route.fulfill({ status: 429, contentType: 'text/plain', body: 'Too many requests. Please wait a minute and try again.' })
    return route.continue()
  })

  await page.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(waiting(page)).toContainText('1 waiting to send')
  answer = 'too busy'
  const before = sentAs.length
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  // Turned away, it is tried again (it used to be dropped as sent), and still waits meanwhile.
  await expect.poll(() => sentAs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2)
  await expect(waiting(page)).toContainText('1 waiting to send')
  expect(recorded(delivery.assignmentId).status).toBe('in_transit')

  answer = 'through'
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(waiting(page)).toContainText('Sent')
  expect(recorded(delivery.assignmentId)).toMatchObject({ status: 'delivered', deliveredChanges: 1 })
  // No photo went with it: every try went as a plain form, which the server does not count as an upload.
  expect(sentAs.every((type) => type.startsWith('application/x-www-form-urlencoded'))).toBe(true)
  await context.close()
})

test('a proof whose answer was lost is sent again with its key and recorded once', async ({ browser }) => {
  test.setTimeout(60_000)
  const delivery = await givenDeliveryInTransit(browser)
  // Routing sees the page's own requests only when no service worker stands in between.
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(delivery.portalPath)
  const keys: string[] = []
  // The page tries again at once and then every few seconds: until the signal comes back (below),
  // each try finds none, so the journey sees the proof waiting however fast the machine is.
  let signal = false
  await page.route(`**${delivery.portalPath}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    keys.push((await route.request().headerValue('idempotency-key')) ?? '')
    if (signal) return route.continue()
    if (keys.length > 1) return route.abort('internetdisconnected')
    // The server gets and records the proof, but the phone never hears back.
    await route.fetch({ maxRedirects: 0 })
    return route.abort('internetdisconnected')
  })

  await page.getByLabel('Delivery Photo').setInputFiles(await photo())
  await page.getByLabel('Notes (Optional)').fill('With the concierge')
  await page.getByRole('button', { name: 'Submit Proof' }).click()
  await expect(waiting(page)).toContainText('1 waiting to send')
  expect(recorded(delivery.assignmentId).proofs).toBe(1)

  signal = true
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(waiting(page)).toContainText('Sent')
  await expect(page.getByTestId('toast')).toContainText('Proof Submitted')
  // Every try carried the press's one key, and the server recorded the proof once.
  expect(keys.length).toBeGreaterThanOrEqual(2)
  expect(new Set(keys)).toEqual(new Set([keys[0]]))
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
  expect(recorded(delivery.assignmentId)).toMatchObject({ proofs: 1, proofNotices: 1 })
  await context.close()
})

test('the service worker looks after runners\u2019 pages only', async ({ browser }) => {
  const delivery = await givenDeliveryInTransit(browser)
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  await page.goto(delivery.portalPath)
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return { scope: registration.scope, script: registration.active?.scriptURL }
  })
  expect(new URL(scope.scope).pathname).toBe('/runner/')
  expect(new URL(scope.script!).pathname).toBe('/offline-worker.js')
  await page.goto('/login')
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
  await context.close()
})
