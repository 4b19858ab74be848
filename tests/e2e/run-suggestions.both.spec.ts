// The run builder suggests runners for the ticked orders (issue 34, item 4), with JavaScript and
// without: "Suggest Runners" ranks the active runners for them with a true reason each (no position
// shared here, so it says so, never "0 km away"), and a suggestion's "Pick" fills the runner.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { managerApi } from './given'

test('a manager ticks orders, asks for suggestions, picks one and makes the run', async ({ page }) => {
  test.setTimeout(90_000)
  // No page may log an error (a hydration mismatch among them) while the choice fills and refills.
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInThroughForm(page, uniqueEmail('suggest-e2e'))
  const call = (path: string, data?: unknown) => managerApi(page)('post', path, data)
  const product = await call('/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '$7.99' })
  const property = await call('/api/properties', { name: 'Cedar Lofts', address: '3 Cedar Street, Boston, MA 02110', isActive: true, qrCodeActive: true })
  await call(`/api/properties/${property.id}/products`, { productId: product.id })
  const ask = async (vendorName: string) => (await call('/api/vendor/requests', { propertyId: property.id, vendorName, requestedProducts: [{ productId: product.id, quantity: 1 }] })) as { id: string; orderNumber: string }
  const [one, two, busyOne] = [await ask('Cedar Cleaners'), await ask('Cedar Linen'), await ask('Cedar Towels')]
  const busy = await call('/api/runners', { name: 'Avery Busy', phone: '+15550101' })
  await call('/api/runners', { name: 'Blake Free', phone: '+15550102' })
  await call('/api/runners', { name: 'Casey Free', phone: '+15550103' })
  await call('/api/dispatch/assign', { requestId: busyOne.id, runnerId: busy.id })

  await page.goto('/dispatch')
  await page.getByLabel(`Add ${one.orderNumber} to the run`).check()
  await page.getByLabel(`Add ${two.orderNumber} to the run`).check()
  await page.getByRole('button', { name: 'Suggest Runners' }).click()
  const suggested = page.getByTestId('run-suggestions')
  await expect(suggested.getByRole('heading', { name: 'Suggested for the 2 ticked orders' })).toBeVisible()
  // Free runners first; nobody shared a position, so every reason says so.
  await expect(page.getByTestId('run-suggestion')).toHaveText([
    /^1\. Blake FreeNo position shared, no open stops/,
    /^2\. Casey FreeNo position shared, no open stops/,
    /^3\. Avery BusyNo position shared, 1 open stop/,
  ])
  await expect(suggested).not.toContainText('0 km')
  // The ticked orders stay ticked, and the best runner fills the choice.
  await expect(page.getByLabel(`Add ${one.orderNumber} to the run`)).toBeChecked()
  await expect(page.getByLabel('Runner for the ticked orders')).toHaveValue(/.+/)
  await expect(page.getByLabel('Runner for the ticked orders').locator('option:checked')).toHaveText('Blake Free')
  await expectAccessible(page)
  await page.getByRole('heading', { name: 'Pending Orders' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `/tmp/runners-run-builder-1366-${test.info().project.name}.png`, fullPage: false })

  await suggested.getByRole('button', { name: 'Pick Casey Free' }).click()
  await expect(page.getByLabel('Runner for the ticked orders').locator('option:checked')).toHaveText('Casey Free')
  await expect(suggested.getByRole('button', { name: 'Picked Casey Free' })).toBeVisible()
  await expect(page.getByLabel(`Add ${two.orderNumber} to the run`)).toBeChecked()
  await page.getByRole('button', { name: 'Make Run' }).click()
  await expect(page.getByTestId('toast')).toContainText('for Casey Free')
  await expect(page.getByRole('listitem', { name: 'Run for Casey Free' })).toBeVisible()
  expect(errors).toEqual([])
})

test('asking with nothing ticked says to tick the orders first', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('suggest-none-e2e'))
  const call = (path: string, data?: unknown) => managerApi(page)('post', path, data)
  const product = await call('/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '$7.99' })
  const property = await call('/api/properties', { name: 'Cedar Lofts', address: '3 Cedar Street', isActive: true, qrCodeActive: true })
  await call(`/api/properties/${property.id}/products`, { productId: product.id })
  await call('/api/vendor/requests', { propertyId: property.id, vendorName: 'Cedar Cleaners', requestedProducts: [{ productId: product.id, quantity: 1 }] })
  await call('/api/runners', { name: 'Blake Free', phone: '+15550102' })
  await page.goto('/dispatch')
  await page.getByRole('button', { name: 'Suggest Runners' }).click()
  await expect(page.getByTestId('run-suggestions')).toContainText('Tick the orders for the run first, then ask for suggestions.')
})
