// Live position with consent (issue 30), in Chromium with geolocation granted: the runner ticks
// "share", the phone sends positions while a delivery is in transit and stops after the last one;
// the manager's map (its grid, without a maps key) shows the runner.
import type { Page } from '@playwright/test'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const HARBOUR = { latitude: 42.3601, longitude: -71.0589 }

/** The signed-in manager's API, from the page's own origin; every call must succeed. */
function apiCaller(page: Page) {
  const origin = new URL(page.url()).origin
  return async (method: 'post' | 'put', path: string, data?: unknown) => {
    const res = await page.request[method](path, { data, headers: { Origin: origin } })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
}

test('sharing sends positions while in transit, stops after the last delivery, and the manager map shows the runner', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await signInThroughForm(page, uniqueEmail('runs-position'))
  const call = apiCaller(page)
  const product = await call('post', '/api/products', { name: 'Paper Towels', category: 'Cleaning', price: '$3.00' })
  const property = await call('post', '/api/properties', { name: 'Quay House', address: '5 Quay Road, Boston, MA 02110', isActive: true, qrCodeActive: true })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  const vendor = await call('post', '/api/vendor/requests', { propertyId: property.id, vendorName: 'Quay Cafe', requestedProducts: [{ productId: product.id, quantity: 2 }] })
  const runner = await call('post', '/api/runners', { name: 'Gia Geo', phone: '+15550188' })
  await call('post', '/api/dispatch/runs', { runnerId: runner.id, requestIds: [vendor.id] })

  const phone = await browser.newContext({ geolocation: HARBOUR, permissions: ['geolocation'], viewport: { width: 360, height: 780 } })
  const portal = await phone.newPage()
  const sent: number[] = []
  portal.on('response', (res) => {
    if (res.url().includes(`/api/runners/${runner.id}/position`)) sent.push(res.status())
  })
  await portal.goto(`/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`)
  const share = portal.getByLabel('Share my position with the dispatchers while a delivery is in transit')
  await expect(share).toBeVisible()
  await share.check()
  await expect(portal.getByText('Sharing starts when a delivery is in transit.')).toBeVisible()
  expect(sent).toEqual([])
  await expectAccessible(portal)

  await portal.getByRole('button', { name: 'Start Delivery' }).click()
  await expect(portal.getByTestId('toast')).toContainText('Delivery Started')
  await expect(portal.getByText(/Position shared at/)).toBeVisible()
  expect(sent).toEqual([200])

  await page.goto('/map')
  await expect(page.getByTestId('runner-marker')).toHaveText('Runner Gia Geo')

  await portal.getByLabel('Handover code (optional)').fill(vendor.handoverCode)
  await portal.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(portal.getByTestId('toast')).toContainText('Delivery marked as Delivered')
  // The run is done: the portal no longer offers sharing, and nothing more is sent.
  // The box is hidden in the same step that clears the position watch and its timer (sharePosition's
  // sync), and a send is at most every 30 s: what was sent by now is all that will be.
  await expect(share).toBeHidden()
  expect(sent).toEqual([200])
  await phone.close()
})

test('a run given while the portal is open can be shared once the next form post brings it', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await signInThroughForm(page, uniqueEmail('runs-position-later'))
  const call = apiCaller(page)
  const product = await call('post', '/api/products', { name: 'Hand Soap', category: 'Cleaning', price: '$2.00' })
  const property = await call('post', '/api/properties', { name: 'Dock Hall', address: '7 Quay Road, Boston, MA 02110', isActive: true, qrCodeActive: true })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  const order = (vendorName: string) => call('post', '/api/vendor/requests', { propertyId: property.id, vendorName, requestedProducts: [{ productId: product.id, quantity: 1 }] })
  const first = await order('Dock Cafe')
  const second = await order('Dock Bar')
  const runner = await call('post', '/api/runners', { name: 'Lou Later', phone: '+15550189' })
  // One plain delivery first: the portal opens with no run, so nothing to share yet.
  await call('post', '/api/dispatch/assign', { requestId: first.id, runnerId: runner.id })

  const phone = await browser.newContext({ geolocation: HARBOUR, permissions: ['geolocation'], viewport: { width: 360, height: 780 } })
  const portal = await phone.newPage()
  const sent: number[] = []
  portal.on('response', (res) => {
    if (res.url().includes(`/api/runners/${runner.id}/position`)) sent.push(res.status())
  })
  await portal.goto(`/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`)
  const share = portal.getByLabel('Share my position with the dispatchers while a delivery is in transit')
  await expect(share).toBeHidden()

  // Meanwhile the dispatcher gives the runner a run; the runner's next tap brings it in.
  await call('post', '/api/dispatch/runs', { runnerId: runner.id, requestIds: [second.id] })
  await portal.getByRole('button', { name: 'Start Delivery' }).first().click()
  await expect(portal.getByTestId('toast')).toContainText('Delivery Started')
  await expect(share).toBeVisible()
  await share.check()
  await expect(portal.getByText(/Position shared at/)).toBeVisible()
  expect(sent).toEqual([200])
  await phone.close()
})
