// The rough edges a first day's walk found (issue 34, item 10), with JavaScript and without: empty
// screens that lead to the next step, the Team table at 1366 px, the vendor's error message that
// covers none of its buttons on a 360 px phone, whole chart labels and an unclipped status select.
import { createRequire } from 'node:module'
import type { Locator, Page } from '@playwright/test'
import { E2E_DATABASE } from '../../other/playwright.config'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenDeliveryProof } from './given'

const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 360, height: 780 }

type Statement = { run: (...values: unknown[]) => unknown; get: (...values: unknown[]) => unknown }
type Sqlite = { prepare: (sql: string) => Statement; pragma: (p: string) => unknown; close: () => void }
const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string) => Sqlite

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/screens-${name}-${test.info().project.name}.png`, fullPage: true })

async function api(page: Page) {
  const origin = new URL(page.url()).origin
  return async (method: 'post' | 'put' | 'patch', path: string, data?: unknown) => {
    const res = await page.request[method](path, { data, headers: { Origin: origin } })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
}

/** Whether two boxes on screen share any pixel. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function expectUncovered(message: Locator, buttons: Locator) {
  const box = (await message.boundingBox())!
  const inMessage = await message.elementHandle()
  for (const button of await buttons.all()) {
    if (!(await button.isVisible())) continue
    // Its own close button is part of it.
    if (await button.evaluate((el, m) => m!.contains(el), inMessage)) continue
    expect(overlaps(box, (await button.boundingBox())!), `the message covers ${await button.textContent()}`).toBe(false)
  }
}

/** A colleague with a long name, as a real team has, straight into the organisation of `ownerEmail`. */
function givenColleague(ownerEmail: string, email: string, first: string, last: string) {
  const db = new Database(E2E_DATABASE)
  try {
    db.pragma('busy_timeout = 5000')
    const { organisationId } = db
      .prepare('SELECT m.organisationId AS organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?')
      .get(ownerEmail) as { organisationId: string }
    const now = new Date().toISOString().replace('Z', '+00:00')
    const userId = crypto.randomUUID()
    db.prepare('INSERT INTO User (id, email, firstName, lastName, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)').run(userId, email, first, last, now, now)
    db.prepare('INSERT INTO Membership (id, userId, organisationId, role, createdAt, lastActiveAt) VALUES (?, ?, ?, ?, ?, ?)').run(crypto.randomUUID(), userId, organisationId, 'admin', now, now)
  } finally {
    db.close()
  }
}

test('empty screens lead to the next step: a team with properties is not asked for its first one, an empty catalogue links to Products', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await signInThroughForm(page, uniqueEmail('rough-empty'))
  await expect(page.getByText('Create your first property to start receiving requests.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create a property' })).toHaveAttribute('href', '/properties?new')

  const call = await api(page)
  const lofts = await call('post', '/api/properties', { name: 'Chelsea Lofts', address: '245 W 17th St, New York, NY 10011', isActive: true, qrCodeActive: true })
  await call('post', '/api/properties', { name: 'Hudson Yards Residences', address: '500 W 33rd St, New York, NY 10001', isActive: true, qrCodeActive: true })
  await page.goto('/')
  await expect(page.getByText('No requests found')).toBeVisible()
  await expect(page.getByText('Create your first property')).toHaveCount(0)
  await expect(page.getByText('Requests appear here when a vendor scans one of your properties’ QR codes.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Print or share the QR codes' })).toBeVisible()
  await shot(page, 'dashboard-empty-1366')
  await expectAccessible(page)

  // The property's editor: nothing to assign because the catalogue itself is empty.
  await page.goto(`/properties?edit=${lofts.id}`)
  await expect(page.getByText('Your catalogue has no products yet.')).toBeVisible()
  await shot(page, 'property-empty-catalogue-1366')
  await page.setViewportSize(PHONE)
  await shot(page, 'property-empty-catalogue-360')
  await page.getByRole('link', { name: 'Add products' }).click()
  await expect(page).toHaveURL(/\/products\?new$/)
  await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeVisible()

  // The storefront its manager opens (QR page's "view vendor") says how to fill it; a vendor is only told to ask.
  await page.goto(`/vendor/${lofts.id}/request?lang=en`)
  await expect(page.getByText('No products are available at this property right now.')).toBeVisible()
  await shot(page, 'vendor-empty-manager-360')
  await page.getByRole('link', { name: /You manage this property/ }).click()
  await expect(page).toHaveURL(new RegExp(`/properties\\?edit=${lofts.id}$`))
  const vendor = await (await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false })).newPage()
  await vendor.goto(new URL(`/vendor/${lofts.id}/request?lang=en`, page.url()).toString())
  await expect(vendor.getByText('No products are available at this property right now.')).toBeVisible()
  await expect(vendor.getByRole('link', { name: /You manage this property/ })).toHaveCount(0)
  await vendor.context().close()
})

test('the Team table fits a 1366 px screen with long names, roles and actions', async ({ page }) => {
  test.setTimeout(90_000)
  const owner = uniqueEmail('rough-team')
  await page.setViewportSize(DESKTOP)
  await signInThroughForm(page, owner)
  givenColleague(owner, `maximiliana.rodriguez-vandersloot.${Date.now()}@facilities-management.example.com`, 'Maximiliana', 'Rodríguez-Vandersloot')
  await page.goto('/team')
  await expect(page.getByTestId('member-row')).toHaveCount(2)
  const table = page.getByRole('table')
  const fits = await table.evaluate((t) => {
    const scroller = t.parentElement!
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth, page: document.documentElement.scrollWidth, viewport: window.innerWidth }
  })
  expect(fits.scroll).toBeLessThanOrEqual(fits.client)
  expect(fits.page).toBeLessThanOrEqual(fits.viewport)
  // Every action is on screen, none cut at the card's edge.
  for (const control of await page.getByTestId('member-row').locator('button, a, select').all()) {
    const box = (await control.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width)
  }
  await shot(page, 'team-1366')
  await page.setViewportSize(PHONE)
  await page.reload()
  await shot(page, 'team-360')
  await expectAccessible(page)
})

test('on a 360 px phone the vendor’s error message sits in the page, never over its buttons', async ({ page }) => {
  test.setTimeout(90_000)
  await signInThroughForm(page, uniqueEmail('rough-vendor'))
  const call = await api(page)
  const property = await call('post', '/api/properties', { name: 'Upper East Gardens', address: '1500 York Ave, New York, NY 10075', isActive: true, qrCodeActive: true })
  const product = await call('post', '/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '7.99' })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  // The price typed without a sign is kept like the others.
  expect(product.price).toBe('$7.99')

  const vendor = await (await page.context().browser()!.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false, viewport: PHONE })).newPage()
  await vendor.goto(new URL(`/vendor/${property.id}/request?lang=en`, page.url()).toString())
  // Sending an empty cart is refused: the page opens at the message, above the list and the cart bar.
  await vendor.goto(new URL(`/vendor/${property.id}/request?lang=en&step=finalize`, page.url()).toString())
  await vendor.getByLabel(/Your name/).fill('Sunrise Housekeeping')
  await vendor.getByRole('button', { name: 'Submit Request' }).click()
  const message = vendor.getByTestId('toast')
  await expect(message).toContainText('Empty Cart')
  await expectUncovered(message, vendor.getByRole('button').or(vendor.getByRole('link')))
  await shot(vendor, 'vendor-error-360')

  // A name left out: the dialog says so in itself, and no message lies over its buttons.
  await vendor.getByRole('button', { name: 'Add to cart: Hand Soap Refill' }).click()
  await vendor.getByRole('link', { name: /Review and send/ }).click()
  const dialog = vendor.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(vendor.getByTestId('finalize-refusal')).toBeVisible()
  await expectUncovered(vendor.getByTestId('toast'), vendor.getByRole('dialog').getByRole('button'))
  await shot(vendor, 'vendor-finalize-error-360')
  await expectAccessible(vendor)
  await vendor.context().close()
})

test('report charts draw long names whole, and the status select shows its whole text at 1366 and 360 px', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  const email = uniqueEmail('rough-charts')
  await signInThroughForm(page, email)
  const call = await api(page)
  const longName = 'Heavy-duty contractor trash bags, 42 gallon (pack of 20)'
  const property = await call('post', '/api/properties', { name: 'Brooklyn Heights Commons — North Tower', address: '75 Clark St, Brooklyn, NY 11201', isActive: true, qrCodeActive: true })
  const product = await call('post', '/api/products', { name: longName, price: '$21.00' })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  const sent = await call('post', '/api/vendor/requests', { propertyId: property.id, vendorName: 'Ortega Services', requestedProducts: [{ productId: product.id, quantity: 2 }] })
  await givenDeliveryProof(email, sent.id, 'Left at the front desk')
  await call('post', '/api/vendor/requests', { propertyId: property.id, vendorName: 'Metro Maintenance', requestedProducts: [{ productId: product.id, quantity: 1 }] })

  await page.goto('/reports')
  const chart = page.getByRole('img', { name: /^Top products by quantity delivered/ })
  await expect(chart).toBeVisible()
  // What is written on the chart, line by line (a long name takes several).
  const drawn = (await chart.locator('text, tspan').evaluateAll((marks) => marks.filter((m) => !m.querySelector('tspan')).map((m) => m.textContent))).join(' ')
  expect(drawn).not.toContain('…')
  expect(drawn.replace(/\s+/g, ' ')).toContain(longName)
  await shot(page, 'reports-1366')

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await page.goto('/requests')
    const select = page.getByLabel(/^Status of ORD-/).first()
    await expect(select).toBeVisible()
    // Whichever status a request has, its label fits the select without being cut.
    const room = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el)
      const widths = [...el.options].map((option) => {
        const probe = document.createElement('span')
        probe.style.font = style.font
        probe.style.whiteSpace = 'pre'
        probe.textContent = option.text
        document.body.append(probe)
        const box = probe.getBoundingClientRect()
        probe.remove()
        return { text: option.text, width: box.width, height: box.height }
      })
      // The native arrow takes about 20 px beside the padding.
      const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20
      const innerHeight = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
      return { widths, inner, innerHeight }
    })
    for (const option of room.widths) {
      expect(option.width, `"${option.text}" fits across at ${viewport.width} px`).toBeLessThanOrEqual(room.inner)
      expect(option.height, `"${option.text}" fits in height at ${viewport.width} px`).toBeLessThanOrEqual(room.innerHeight + 1)
    }
    await shot(page, `requests-${viewport.width}`)
  }
})
