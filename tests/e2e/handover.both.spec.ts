// The handover code at the door (issue 16), with JavaScript and without: the vendor sees the code on
// the tracking page, the runner's plain form refuses a wrong code and accepts the right one.
import type { Browser } from '@playwright/test'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const PHONE = { width: 360, height: 780 }

async function givenVendorDeliveryOnItsWay(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: true })
  const manager = await context.newPage()
  await signInThroughForm(manager, uniqueEmail('handover-e2e'))
  const origin = new URL(manager.url()).origin
  const call = async (method: 'post' | 'put' | 'patch', path: string, data?: unknown, headers: Record<string, string> = {}) => {
    const res = await manager.request[method](path, { data, headers: { Origin: origin, ...headers } })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  await call('put', '/api/organisation/settings', { requireHandoverCode: true })
  const property = await call('post', '/api/properties', { name: 'Harbor View', address: '12 Pier Road, Boston, MA 02110', isActive: true, qrCodeActive: true })
  const product = await call('post', '/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '$7.99' })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  const vendor = await call('post', '/api/vendor/requests', { propertyId: property.id, vendorName: 'Ortega Services', requestedProducts: [{ productId: product.id, quantity: 1 }] })
  const runner = await call('post', '/api/runners', { name: 'Rita Runner', phone: '+15550123' })
  const assignment = await call('post', '/api/dispatch/assign', { requestId: vendor.id, runnerId: runner.id })
  await call('patch', `/api/dispatch/assign/${assignment.id}`, { status: 'in_transit' }, { 'X-Runner-Token': runner.authToken })
  return {
    context,
    code: vendor.handoverCode as string,
    trackPath: new URL(vendor.trackingUrl).pathname,
    portalUrl: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`,
  }
}

test('the runner needs the vendor’s code to mark the delivery delivered', async ({ page, browser }) => {
  test.setTimeout(60_000)
  const { context, code, trackPath, portalUrl } = await givenVendorDeliveryOnItsWay(browser)
  await page.setViewportSize(PHONE)

  await page.goto(trackPath)
  await expect(page.getByTestId('handover-code')).toHaveText(code)
  await expectAccessible(page)

  await page.goto(portalUrl)
  const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0')
  await page.getByLabel('Handover code').fill(wrong)
  await page.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page.getByTestId('toast')).toContainText('That handover code is not right. 4 tries left')
  await expectAccessible(page)

  await page.getByLabel('Handover code').fill(code)
  await page.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page.getByTestId('toast')).toContainText('Delivery marked as Delivered')
  await expect(page.getByRole('heading', { name: 'Active Assignments (0)' })).toBeVisible()

  // Once delivered, the tracking page no longer shows the code.
  await page.goto(trackPath)
  await expect(page.getByTestId('tracking-status')).toBeVisible()
  await expect(page.getByTestId('handover-code')).toHaveCount(0)
  await context.close()
})
