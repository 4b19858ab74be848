// A runner's delivery from start to proof, on a phone-sized screen, through the runner portal and
// through a shareable delivery link; this file runs with JavaScript and without it. Everything is set
// up through the real manager APIs, and the manager then finds the proof in the request's details.
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const PHONE = { width: 360, height: 780 }

/** A manager, a pending request with one product, a runner and an assignment: all made through /api. */
async function givenAssignedDelivery(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: true })
  const manager = await context.newPage()
  await signInThroughForm(manager, uniqueEmail('runner-e2e'))
  const origin = new URL(manager.url()).origin
  const post = async (path: string, data?: unknown) => {
    const res = await manager.request.post(path, {
      data,
      headers: { Origin: origin },
    })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const property = await post('/api/properties', {
    name: 'Harbor View Apartments',
    address: '12 Pier Road, Boston, MA 02110',
    isActive: true,
    qrCodeActive: true,
  })
  const product = await post('/api/products', {
    name: 'Hand Soap Refill',
    category: 'Guest Amenities',
    price: '$7.99',
  })
  await post(`/api/properties/${property.id}/products`, {
    productId: product.id,
  })
  const request = await post('/api/requests', {
    propertyId: property.id,
    vendorName: 'Ortega Services',
    requestedProducts: [{ productId: product.id, quantity: 2 }],
  })
  const runner = await post('/api/runners', {
    name: 'Rita Runner',
    phone: '+15550123',
  })
  const assignment = await post('/api/dispatch/assign', {
    requestId: request.id,
    runnerId: runner.id,
    notes: 'Use the side gate',
  })
  const { shareableUrl } = await post(`/api/dispatch/assign/${assignment.id}/link`)
  return {
    context,
    manager,
    request,
    runner,
    assignment,
    shareableUrl,
    portalUrl: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`,
  }
}

/** A real camera-style JPEG, as a phone would send it. */
async function photo() {
  const buffer = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#4a7a3c' },
  })
    .jpeg({ quality: 90 })
    .toBuffer()
  return { name: 'doorstep.jpg', mimeType: 'image/jpeg', buffer }
}

async function managerSeesProof(manager: Page, requestId: string, notes: string) {
  await manager.goto(`/requests?dialog=details&id=${requestId}`)
  const proof = manager.getByTestId('delivery-proof')
  await expect(proof).toContainText(notes)
  await expect(proof.getByRole('img')).toBeVisible()
  await expectAccessible(manager)
}

test('a runner starts, proves and completes a delivery from the portal', async ({ page, browser }, info) => {
  test.setTimeout(90_000)
  const { context, manager, request, portalUrl } = await givenAssignedDelivery(browser)
  const shot = (name: string) =>
    page.screenshot({
      path: info.outputPath(`portal-${name}.png`),
      fullPage: true,
    })
  await page.setViewportSize(PHONE)

  await page.goto(portalUrl)
  await expect(page.getByRole('heading', { name: 'Active Assignments (1)' })).toBeVisible()
  await expect(page.getByText('The address shows once you start the delivery.')).toBeVisible()
  await expect(page.getByText('12 Pier Road')).toHaveCount(0)
  await expectAccessible(page)
  await shot('assigned')

  await page.getByRole('button', { name: 'Start Delivery' }).click()
  await expect(page.getByTestId('toast')).toContainText('Delivery Started')
  await expect(page.getByText('12 Pier Road, Boston, MA 02110')).toBeVisible()
  await expectAccessible(page)
  await shot('in-transit')

  await page.getByLabel('Delivery Photo').setInputFiles(await photo())
  await page.getByLabel('Notes (Optional)').fill('Left with the concierge')
  await page.getByRole('button', { name: 'Submit Proof' }).click()
  await expect(page.getByTestId('toast')).toContainText('Proof Submitted')
  await expect(page.getByText('Delivery Proof Submitted')).toBeVisible()

  await page.getByLabel('Status').selectOption('delivered')
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(page.getByTestId('toast')).toContainText('Status Updated')
  await expect(page.getByRole('heading', { name: 'Active Assignments (0)' })).toBeVisible()
  await expect(page.getByRole('heading', { name: `Order ${request.orderNumber}` })).toBeVisible()
  await expectAccessible(page)
  await shot('delivered')

  await managerSeesProof(manager, request.id, 'Left with the concierge')
  await context.close()
})

test('a delivery link shows the assignment, takes it in transit and opens the proof form', async ({ page, browser }, info) => {
  const { context, request, shareableUrl } = await givenAssignedDelivery(browser)
  const shot = (name: string) =>
    page.screenshot({
      path: info.outputPath(`delivery-${name}.png`),
      fullPage: true,
    })
  await page.setViewportSize(PHONE)

  await page.goto(new URL(shareableUrl).pathname)
  await expect(page.getByRole('heading', { name: `Order ${request.orderNumber}` })).toBeVisible()
  await expect(page.getByText('Assigned to Rita Runner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', /google\.com\/maps\/search\/.*12%20Pier%20Road/)
  await expect(page.getByText('Use the side gate')).toBeVisible()
  await expect(page.getByText('1 item', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await shot('assigned')

  await page.getByRole('button', { name: 'Mark as In Transit' }).click()
  await expect(page.getByTestId('toast')).toContainText('Status Updated')
  await page.getByRole('link', { name: 'Submit Delivery Proof' }).click()
  const dialog = page.getByRole('dialog', { name: 'Submit Delivery Proof' })
  await expect(dialog).toContainText('Provide proof of delivery for this assignment')
  await expectAccessible(page)
  await shot('proof-dialog')
  await context.close()
})

test('a delivery link takes the runner from in transit to delivered with proof', async ({ page, browser }, info) => {
  const { context, manager, request, assignment, shareableUrl } = await givenAssignedDelivery(browser)
  const shot = (name: string) => page.screenshot({ path: info.outputPath(`delivery-${name}.png`), fullPage: true })
  // In transit as the test above leaves it, through the API.
  const moved = await manager.request.patch(`/api/dispatch/assign/${assignment.id}`, { data: { status: 'in_transit' }, headers: { Origin: new URL(manager.url()).origin } })
  expect(moved.ok()).toBe(true)
  await page.setViewportSize(PHONE)
  await page.goto(new URL(shareableUrl).pathname)
  await page.getByRole('link', { name: 'Submit Delivery Proof' }).click()
  const dialog = page.getByRole('dialog', { name: 'Submit Delivery Proof' })
  await dialog.getByLabel('Delivery Photo').setInputFiles(await photo())
  await dialog.getByLabel('Notes (Optional)').fill('Placed inside the storeroom')
  await dialog.getByRole('button', { name: 'Submit Proof' }).click()
  await expect(page.getByTestId('toast')).toContainText('Proof Submitted')
  await expect(page.getByText('Delivery Proof Submitted')).toBeVisible()

  await page.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page.getByTestId('toast')).toContainText('Status Updated')
  await expect(page.getByText('Delivered', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /Mark as/ })).toHaveCount(0)
  await expectAccessible(page)
  await shot('delivered')

  await managerSeesProof(manager, request.id, 'Placed inside the storeroom')
  await context.close()
})

test('a wrong token is Access Denied', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/delivery/00000000-0000-4000-8000-000000000000/not-a-token')
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('Invalid authentication token')).toBeVisible()
  await expectAccessible(page)
})
