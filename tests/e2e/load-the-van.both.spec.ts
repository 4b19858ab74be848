// Demand meets the depot (issue 37), with JavaScript and without: two orders need more hand soap than
// the depot's shelf holds; Dispatch shows the shortage before the run is made and after; stock
// arrives; the runner, on a 360 px phone, loads the van from the "Load the van" checklist and
// delivers both stops; on hand has fallen by exactly what was delivered.
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { E2E_DATABASE } from '../../other/playwright.config'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { managerApi } from './given'

const PHONE = { width: 360, height: 780 }

type Sqlite = { prepare: (sql: string) => { run: (...v: unknown[]) => unknown; get: (...v: unknown[]) => unknown }; transaction: (work: () => void) => () => void; pragma: (p: string) => unknown; close: () => void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Sqlite

function onTestDatabase<T>(work: (db: Sqlite) => T): T {
  const db = new Database(E2E_DATABASE)
  try {
    db.pragma('busy_timeout = 5000')
    return work(db)
  } finally {
    db.close()
  }
}

const stamp = () => new Date().toISOString().replace('Z', '+00:00')

/** The organisation's first depot (made with the organisation, or by its first assignment). */
function firstDepot(db: Sqlite, email: string) {
  const org = (db.prepare('SELECT m.organisationId AS id FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?').get(email) as { id: string }).id
  const found = db.prepare('SELECT id FROM Depot WHERE organisationId = ? ORDER BY createdAt, id LIMIT 1').get(org) as { id: string } | undefined
  if (found) return { org, depot: found.id }
  const depot = crypto.randomUUID()
  db.prepare("INSERT INTO Depot (id, organisationId, name, createdAt, updatedAt) VALUES (?, ?, 'Main depot', ?, ?)").run(depot, org, stamp(), stamp())
  return { org, depot }
}

/**
 * A delivery from a supplier put on the shelf, as the ledger records one: a receive movement and the
 * depot's row moved by the same amount, in one transaction (the journey of receiving purchase orders
 * is the purchasing part's; this only sets the scene).
 */
function received(email: string, productId: string, quantity: number, bin: string) {
  onTestDatabase((db) => {
    const { org, depot } = firstDepot(db, email)
    db.transaction(() => {
      db.prepare("INSERT INTO StockMovement (id, organisationId, depotId, productId, quantity, reason, note, createdAt) VALUES (?, ?, ?, ?, ?, 'receive', 'Journey stock', ?)").run(crypto.randomUUID(), org, depot, productId, quantity, stamp())
      db.prepare(
        'INSERT INTO DepotStock (id, organisationId, depotId, productId, onHand, reserved, bin, updatedAt) VALUES (?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (depotId, productId) DO UPDATE SET onHand = onHand + excluded.onHand, bin = excluded.bin',
      ).run(crypto.randomUUID(), org, depot, productId, quantity, bin, stamp())
    })()
  })
}

function shelfOf(email: string, productId: string) {
  return onTestDatabase((db) => {
    const { depot } = firstDepot(db, email)
    const row = db.prepare('SELECT onHand, reserved FROM DepotStock WHERE depotId = ? AND productId = ?').get(depot, productId) as { onHand: number; reserved: number }
    const sum = (db.prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM StockMovement WHERE depotId = ? AND productId = ?').get(depot, productId) as { n: number }).n
    return { ...row, sumOfMovements: sum }
  })
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

test('a run short of stock is shown on Dispatch, the runner loads the van from the checklist and delivers, and on hand falls by what was delivered', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const js = test.info().project.name === 'js-on'
  const email = uniqueEmail('van')
  const context = await browser.newContext({ javaScriptEnabled: true })
  const api = await context.newPage()
  await signInThroughForm(api, email)
  const call = managerApi(api)
  const soap = await call('post', '/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '$7.99' })
  const order = async (name: string, address: string, quantity: number) => {
    const property = await call('post', '/api/properties', { name, address, isActive: true, qrCodeActive: true })
    await call('post', `/api/properties/${property.id}/products`, { productId: soap.id })
    return (await call('post', '/api/requests', { propertyId: property.id, vendorName: `${name} Linen`, requestedProducts: [{ productId: soap.id, quantity }] })) as { id: string; orderNumber: string }
  }
  const alder = await order('Alder Court', '1 Alder Street, Boston, MA 02110', 3)
  const birch = await order('Birch House', '2 Birch Street, Boston, MA 02110', 2)
  const runner = (await call('post', '/api/runners', { name: 'Vanya Van', phone: '+15550178' })) as { id: string; authToken: string }
  received(email, soap.id, 4, 'A-01')
  await page.context().addCookies(await context.cookies())

  // Before: the two orders ticked and runners suggested, the builder says what the shelf lacks.
  await page.goto('/dispatch')
  for (const o of [alder, birch]) await page.getByLabel(`Add ${o.orderNumber} to the run`).check()
  await page.getByRole('button', { name: 'Suggest Runners' }).click()
  const preview = page.getByRole('region', { name: /Short at the depot for these orders/ })
  await expect(preview).toContainText('Hand Soap Refill: 5 needed, 4 free')
  await expectAccessible(page)
  await shot(page, 'dispatch-shortage-before')

  // After: the run is made all the same; the toast and the run card say what is short.
  await page.getByLabel('Runner for the ticked orders').selectOption({ label: 'Vanya Van' })
  await page.getByRole('button', { name: 'Make Run' }).click()
  await expect(page.getByTestId('toast')).toContainText('Short at the depot: Hand Soap Refill: 5 needed, 4 free.')
  const run = page.getByRole('listitem', { name: 'Run for Vanya Van' })
  await expect(run.getByRole('region', { name: 'Short at the depot' })).toContainText('Hand Soap Refill: 5 needed, 4 free')
  await expect(run.getByRole('link', { name: /Pick list \(PDF\)/ })).toHaveAttribute('href', /\/api\/dispatch\/runs\/.+\/pick-list\/pdf$/)
  await expectAccessible(page)
  await shot(page, 'dispatch-run-card')
  expect(shelfOf(email, soap.id)).toEqual({ onHand: 4, reserved: 5, sumOfMovements: 4 })

  // Two more boxes arrive before the van leaves: now the shelf holds 6.
  received(email, soap.id, 2, 'A-01')

  // The runner, at the shelves on a phone: the portal's run has its checklist.
  await page.setViewportSize(PHONE)
  const portal = `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`
  await page.goto(portal)
  await page.getByRole('link', { name: 'Load the van' }).click()
  await expect(page.getByRole('heading', { name: 'Load the van', level: 1 })).toBeVisible()
  const line = page.getByRole('checkbox', { name: /5 × Hand Soap Refill/ })
  await expect(line).toBeVisible()
  await expect(page.getByText('Bin A-01 · Stops 1, 2')).toBeVisible()
  await expect(page.getByText('Short on the shelf')).toHaveCount(0)
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await shot(page, 'load-the-van')
  await line.check()
  await page.getByRole('button', { name: 'Record ticked lines' }).click()
  await expect(page.getByTestId('toast')).toContainText('Van Loaded')
  await expect(page.getByText(/^Van loaded /)).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /5 × Hand Soap Refill/ })).toBeDisabled()
  await shot(page, 'load-the-van-loaded')
  // Loaded: off the shelf as a pick, no longer held.
  expect(shelfOf(email, soap.id)).toEqual({ onHand: 1, reserved: 0, sumOfMovements: 1 })

  // Both stops delivered from the portal.
  await page.getByRole('link', { name: 'Back to my deliveries' }).click()
  for (const o of [alder, birch]) {
    const card = page.locator('section[aria-labelledby^="a-"]').filter({ has: page.getByRole('heading', { name: `Order ${o.orderNumber}` }) })
    if (await card.getByRole('button', { name: 'Start Delivery' }).count()) {
      await card.getByRole('button', { name: 'Start Delivery' }).click()
      await expect(page.getByTestId('toast')).toContainText('Delivery Started')
    }
    await page.locator('section[aria-labelledby^="a-"]').filter({ has: page.getByRole('heading', { name: `Order ${o.orderNumber}` }) }).getByRole('button', { name: 'Mark as Delivered' }).click()
    await expect(page.getByTestId('toast')).toContainText('Delivery marked as Delivered')
  }
  await expect(page.getByRole('heading', { name: 'Active Assignments (0)' })).toBeVisible()

  // On hand fell by what was delivered (6 → 1), once: the delivery moved nothing the pick had moved.
  expect(shelfOf(email, soap.id)).toEqual({ onHand: 1, reserved: 0, sumOfMovements: 1 })
  if (js) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await context.close()
})
