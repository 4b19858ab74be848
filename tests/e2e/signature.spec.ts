// The delivery page ships without React (decision 040), so its signature pad and the capture time and
// place come from the page enhancer: a runner draws a signature with the mouse, submits the proof with
// a photo, and the manager finds the signature, the time and the place on the proof.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const HARBOUR = { latitude: 42.36008, longitude: -71.05888 }
test.use({ geolocation: HARBOUR, permissions: ['geolocation'], viewport: { width: 360, height: 780 } })

async function givenDeliveryLink(page: Page) {
  await signInThroughForm(page, uniqueEmail('signature-e2e'))
  const origin = new URL(page.url()).origin
  const post = async (path: string, data?: unknown) => {
    const res = await page.request.post(path, { data, headers: { Origin: origin } })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const property = await post('/api/properties', { name: 'Quay House', address: '3 Quay Street, Boston, MA 02110', isActive: true, qrCodeActive: true })
  const product = await post('/api/products', { name: 'Paper Towels', category: 'Cleaning', price: '$4.50' })
  await post(`/api/properties/${property.id}/products`, { productId: product.id })
  const request = await post('/api/requests', { propertyId: property.id, vendorName: 'Ortega Services', requestedProducts: [{ productId: product.id, quantity: 1 }] })
  const runner = await post('/api/runners', { name: 'Sam Signer', phone: '+15550199' })
  const assignment = await post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
  const { shareableUrl } = await post(`/api/dispatch/assign/${assignment.id}/link`)
  return { request, shareableUrl: shareableUrl as string }
}

async function drawStroke(page: Page, from: [number, number], to: [number, number]) {
  const pad = page.getByTestId('signature-pad')
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1])
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 12 })
  await page.mouse.up()
}

test('a signature drawn on the delivery page reaches the manager with the capture time and place', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const started = Date.now()
  const { request, shareableUrl } = await givenDeliveryLink(page)
  const runner = await browser.newContext({ geolocation: HARBOUR, permissions: ['geolocation'], viewport: { width: 360, height: 780 } })
  const phone = await runner.newPage()
  await phone.goto(new URL(shareableUrl).pathname)
  await phone.getByRole('button', { name: 'Mark as In Transit' }).click()
  await expect(phone.getByTestId('toast')).toContainText('Status Updated')
  await phone.getByRole('link', { name: 'Submit Delivery Proof' }).click()
  const dialog = phone.getByRole('dialog', { name: 'Submit Delivery Proof' })

  const pad = dialog.getByRole('img', { name: 'Signature (Optional)' })
  await expect(pad).toBeVisible()
  await expect(dialog.getByText('Ask the person taking the delivery to sign with a finger.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Clear signature' })).toBeHidden()
  await expectAccessible(phone)

  // A first attempt, cleared, then the real signature.
  await drawStroke(phone, [0.1, 0.8], [0.5, 0.2])
  await expect(dialog.getByText('Signed.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Clear signature' }).click()
  await expect(dialog.getByText('Ask the person taking the delivery to sign with a finger.')).toBeVisible()
  await expect(dialog.locator('input[name=signature]')).toHaveValue('')
  await drawStroke(phone, [0.1, 0.5], [0.9, 0.6])
  await drawStroke(phone, [0.3, 0.2], [0.4, 0.9])
  await expect(dialog.getByText('Signed.')).toBeVisible()
  await expect(dialog.locator('input[name=signature]')).toHaveValue(/^data:image\/png;base64,/)
  await expect(dialog.locator('input[name=latitude]')).toHaveValue(String(HARBOUR.latitude))

  await dialog.getByLabel('Delivery Photo').setInputFiles({
    name: 'doorstep.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7a3c' } }).jpeg().toBuffer(),
  })
  await dialog.getByLabel('Received by (Optional)').fill('Dana Doorman')
  await dialog.getByRole('button', { name: 'Submit Proof' }).click()
  await expect(phone.getByTestId('toast')).toContainText('Proof Submitted')
  await runner.close()

  const res = await page.request.get(`/api/requests/${request.id}/delivery-proof`)
  expect(res.ok()).toBe(true)
  const proof = await res.json()
  expect(proof).toMatchObject({ receivedBy: 'Dana Doorman', signatureUrl: expect.stringMatching(/^\/images\/.+/), latitude: HARBOUR.latitude, longitude: HARBOUR.longitude })
  const capturedAt = Date.parse(proof.capturedAt)
  expect(capturedAt).toBeGreaterThanOrEqual(started - 1000)
  expect(capturedAt).toBeLessThanOrEqual(Date.now())
  const signature = await page.request.get(proof.signatureUrl)
  expect(signature.headers()['content-type']).toMatch(/^image\//)
  // Not a blank page: the strokes are in it.
  const { data } = await sharp(await signature.body()).greyscale().raw().toBuffer({ resolveWithObject: true })
  expect(data.some((v) => v < 100)).toBe(true)
})

// A runner's portal holds a proof form per delivery on the way (decision 153): each gets the phone's
// place from one request for it, and a pad's drawing surface is made at the first touch.
test('every proof form on the runner portal gets the phone’s place, and its pad draws at the first touch', async ({ page, browser }) => {
  await signInThroughForm(page, uniqueEmail('signature-portal'))
  const origin = new URL(page.url()).origin
  const call = async (method: 'post' | 'patch', path: string, data?: unknown) => {
    const res = await page.request[method](path, { data, headers: { Origin: origin } })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const property = await call('post', '/api/properties', { name: 'Dock Row', address: '8 Dock Row, Boston, MA 02110', isActive: true, qrCodeActive: true })
  const product = await call('post', '/api/products', { name: 'Hand Soap', category: 'Cleaning', price: '$3.00' })
  await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
  const runner = await call('post', '/api/runners', { name: 'Pat Portal', phone: '+15550177' })
  for (const vendorName of ['First Vendor', 'Second Vendor']) {
    const request = await call('post', '/api/requests', { propertyId: property.id, vendorName, requestedProducts: [{ productId: product.id, quantity: 1 }] })
    const assignment = await call('post', '/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
    await call('patch', `/api/dispatch/assign/${assignment.id}`, { status: 'in_transit' })
  }
  const phone = await (await browser.newContext({ geolocation: HARBOUR, permissions: ['geolocation'], viewport: { width: 360, height: 780 } })).newPage()
  await phone.goto(`/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`)
  const forms = phone.locator('form', { has: phone.locator('input[name=latitude]') })
  await expect(forms).toHaveCount(2)
  for (const form of await forms.all()) {
    await expect(form.locator('input[name=latitude]')).toHaveValue(String(HARBOUR.latitude))
    await expect(form.locator('input[name=longitude]')).toHaveValue(String(HARBOUR.longitude))
    await expect(form.locator('input[name=capturedAt]')).toHaveValue(/^\d{4}-\d\d-\d\dT/)
  }
  const secondPad = forms.nth(1).getByTestId('signature-pad')
  await secondPad.scrollIntoViewIfNeeded()
  const box = (await secondPad.boundingBox())!
  await phone.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5)
  await phone.mouse.down()
  await phone.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5, { steps: 8 })
  await phone.mouse.up()
  await expect(forms.nth(1).locator('input[name=signature]')).toHaveValue(/^data:image\/png;base64,/)
  await expect(forms.nth(0).locator('input[name=signature]')).toHaveValue('')
  // The stored image has a white page behind the stroke, not a transparent one.
  const url = await forms.nth(1).locator('input[name=signature]').inputValue()
  const { data, info } = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).flatten({ background: '#000' }).greyscale().raw().toBuffer({ resolveWithObject: true })
  expect(data[0]).toBeGreaterThan(200)
  expect(data.some((v) => v < 100)).toBe(true)
  expect(info.width).toBe(320)
  await phone.context().close()
})
