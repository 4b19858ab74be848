// Runs (issue 30), with JavaScript and without: a manager makes a run of four requests at three
// properties for one runner; the runner's portal shows three numbered stops in the planned order and
// a Navigate link; the runner delivers them one by one with the vendors' handover codes; a vendor's
// tracking page says "stop 2 of 3" and its arrival window moves as the first stop is completed.
import type { Browser, Locator, Page } from '@playwright/test'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { managerApi } from './given'

const PHONE = { width: 360, height: 780 }

type Vendor = { id: string; orderNumber: string; handoverCode: string; trackingUrl: string }

/**
 * Three properties made in order, so without a maps key their fallback positions lie on a line from
 * the map's centre (where a run without depot or position starts): the planned order is theirs.
 */
async function givenRequestsAtThreeProperties(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: true })
  const api = await context.newPage()
  await signInThroughForm(api, uniqueEmail('runs-e2e'))
  const call = managerApi(api)
  await call('put', '/api/organisation/settings', { requireHandoverCode: true })
  const product = await call('post', '/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '$7.99' })
  const properties = []
  for (const [name, address] of [
    ['Alder Court', '1 Alder Street, Boston, MA 02110'],
    ['Birch House', '2 Birch Street, Boston, MA 02110'],
    ['Cedar Lofts', '3 Cedar Street, Boston, MA 02110'],
  ] as const) {
    const property = await call('post', '/api/properties', { name, address, isActive: true, qrCodeActive: true })
    await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
    properties.push(property as { id: string; name: string; address: string })
  }
  const ask = async (propertyId: string, vendorName: string) =>
    (await call('post', '/api/vendor/requests', { propertyId, vendorName, requestedProducts: [{ productId: product.id, quantity: 1 }] })) as Vendor
  // Sent out of the planned order, two of them at Alder Court.
  const cedar = await ask(properties[2]!.id, 'Cedar Cleaners')
  const alderOne = await ask(properties[0]!.id, 'Alder Linen')
  const birch = await ask(properties[1]!.id, 'Birch Bakers')
  const alderTwo = await ask(properties[0]!.id, 'Alder Towels')
  const runner = (await call('post', '/api/runners', { name: 'Rowan Runner', phone: '+15550177' })) as { id: string; authToken: string }
  return { context, api, runner, vendors: { alderOne, alderTwo, birch, cedar }, portalPath: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}` }
}

/** The manager's own page (this project's JavaScript setting) signed in to the same organisation. */
async function signInAs(page: Page, api: Page) {
  const cookies = await api.context().cookies()
  await page.context().addCookies(cookies)
}

/** The names of the page's visible buttons and links that a box overlaps. */
async function controlsUnder(box: Locator) {
  const over = (await box.boundingBox())!
  return box.page().evaluate((t) => {
    const hit = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < t.x + t.width && r.right > t.x && r.top < t.y + t.height && r.bottom > t.y
    return [...document.querySelectorAll('main button, main a, main select, main input')].filter((el) => hit(el.getBoundingClientRect())).map((el) => el.textContent?.trim() || el.getAttribute('aria-label'))
  }, over)
}

function card(page: Page, orderNumber: string) {
  return page.locator('section[aria-labelledby^="a-"]').filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) })
}

async function deliver(page: Page, vendor: Vendor) {
  const here = card(page, vendor.orderNumber)
  if (await here.getByRole('button', { name: 'Start Delivery' }).count()) {
    await here.getByRole('button', { name: 'Start Delivery' }).click()
    await expect(page.getByTestId('toast')).toContainText('Delivery Started')
  }
  await card(page, vendor.orderNumber).getByLabel('Handover code', { exact: true }).fill(vendor.handoverCode)
  await card(page, vendor.orderNumber).getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page.getByTestId('toast')).toContainText('Delivery marked as Delivered')
}

test('a run of four requests at three properties is planned, delivered stop by stop, and tracked', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const { context, api, vendors, portalPath } = await givenRequestsAtThreeProperties(browser)
  await signInAs(page, api)

  // The one active runner is suggested for an order, with a true reason: nobody shared a position
  // (and without a maps key no address is on the map), so it says so rather than a distance.
  await page.goto(`/dispatch?assign=${vendors.cedar.id}`)
  await expect(page.getByTestId('suggested-runner')).toHaveText('Suggested: Rowan Runner (No position shared, no open stops)')
  await expectAccessible(page)

  // The manager ticks the four orders and makes a run for Rowan.
  await page.goto('/dispatch')
  for (const v of [vendors.cedar, vendors.alderOne, vendors.birch, vendors.alderTwo]) await page.getByLabel(`Add ${v.orderNumber} to the run`).check()
  await page.getByLabel('Runner for the ticked orders').selectOption({ label: 'Rowan Runner' })
  await page.getByRole('button', { name: 'Make Run' }).click()
  await expect(page.getByTestId('toast')).toContainText('3 stops (4 orders')
  const run = page.getByRole('listitem', { name: 'Run for Rowan Runner' })
  await expect(run.getByRole('listitem')).toHaveText([/^1\. Alder Court/, /^2\. Birch House/, /^3\. Cedar Lofts/])
  // Without a maps key no stop is on the map: every distance says so rather than a made-up "0 km".
  await expect(run).toContainText('Rowan Runner · 3 stops · distance unknown')
  await expect(run.getByRole('listitem').first()).toContainText('distance unknown')
  await expect(run).not.toContainText(/\d km/)
  await expectAccessible(page)

  // A stop moved by hand and back again. At a laptop's width the toast that says so covers no button
  // the manager may press next (it sat on a "Generate Link").
  await page.setViewportSize({ width: 1366, height: 768 })
  await run.getByRole('button', { name: 'Move Birch House later' }).click()
  await expect(page.getByTestId('toast')).toContainText('Run Reordered')
  expect(await controlsUnder(page.getByTestId('toast'))).toEqual([])
  await expect(page.getByRole('listitem', { name: 'Run for Rowan Runner' }).getByRole('listitem')).toHaveText([/^1\. Alder Court/, /^2\. Cedar Lofts/, /^3\. Birch House/])
  await page.getByRole('listitem', { name: 'Run for Rowan Runner' }).getByRole('button', { name: 'Move Birch House earlier' }).click()
  await expect(page.getByRole('listitem', { name: 'Run for Rowan Runner' }).getByRole('listitem')).toHaveText([/^1\. Alder Court/, /^2\. Birch House/, /^3\. Cedar Lofts/])

  // The runner's portal: three numbered stops in the planned order.
  await page.setViewportSize(PHONE)
  await page.goto(portalPath)
  await expect(page.getByTestId('run-stop')).toHaveText([/^1Stop 1: Alder Court/, /^2Stop 2: Birch House/, /^3Stop 3: Cedar Lofts/])
  await expect(page.getByText('Start your first stop below')).toBeVisible()
  await expect(page.getByText('3 stops · distance unknown · 3 to go')).toBeVisible()
  await expect(page.getByTestId('run-stop').first()).toContainText('distance unknown')
  await expect(page.locator('main')).not.toContainText(/\d km/)
  await expectAccessible(page)

  // The vendor at stop 2 sees where they are in the run and when to expect the runner.
  const track = await context.newPage()
  // With JavaScript the page opens its live stream and fetches itself when told; without, the vendor reloads.
  const live = test.info().project.name === 'js-on'
  const streaming = live ? track.waitForResponse((res) => res.url().includes('/api/track/') && res.status() === 200) : null
  await track.goto(new URL(vendors.birch.trackingUrl).pathname)
  await streaming
  await expect(track.getByTestId('tracking-run')).toContainText("Stop 2 of 3 on the runner's route")
  const before = await track.getByTestId('tracking-run').innerText()
  expect(before).toMatch(/Expected between .+ and .+/)

  // Stop 1 (both Alder Court requests), with the vendors' codes.
  await deliver(page, vendors.alderOne)
  const navigate = page.getByRole('link', { name: 'Navigate' })
  await expect(navigate).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&/)
  const route = new URL((await navigate.getAttribute('href'))!).searchParams
  expect(route.get('destination')).toBe('3 Cedar Street, Boston, MA 02110')
  expect(route.get('waypoints')).toBe('1 Alder Street, Boston, MA 02110|2 Birch Street, Boston, MA 02110')
  await deliver(page, vendors.alderTwo)
  await expect(page.getByTestId('run-stop').first()).toHaveText(/^2Stop 2: Birch House/)
  const rest = new URL((await page.getByRole('link', { name: 'Navigate' }).getAttribute('href'))!).searchParams
  expect(rest.get('waypoints')).toBe('2 Birch Street, Boston, MA 02110')

  // The window moves earlier once stop 1 is done (well before the page's 30-second refresh).
  if (!live) await track.reload()
  await expect(track.getByTestId('tracking-run')).not.toHaveText(before, { timeout: 10_000 })
  await expect(track.getByTestId('tracking-run')).toContainText('Stop 2 of 3')
  await expectAccessible(track)

  await deliver(page, vendors.birch)
  await deliver(page, vendors.cedar)
  await expect(page.getByRole('heading', { name: 'Active Assignments (0)' })).toBeVisible()
  if (!live) await track.reload()
  await expect(track.getByTestId('tracking-run')).toHaveCount(0, { timeout: 10_000 })
  await expect(track.getByTestId('tracking-status')).toContainText(/delivered/i)
  await context.close()
})
