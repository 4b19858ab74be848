// A manager dispatches: adds a runner (the portal link shown once), assigns a pending
// order and hands over a delivery link, which opens the delivery page.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

test('add a runner, assign the pending order and generate its delivery link', async ({ page }) => {
  test.setTimeout(90_000)
  await signInThroughForm(page, uniqueEmail('dispatch-e2e'))
  const origin = new URL(page.url()).origin
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, {
      data,
      headers: { Origin: origin },
    })
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
    return res.json()
  }
  const property = await post('/api/properties', {
    name: 'Lakeside Lofts',
    address: '5 Shore Drive, Chicago, IL',
    isActive: true,
    qrCodeActive: true,
  })
  const product = await post('/api/products', {
    name: 'Paper Towels',
    category: 'Cleaning Supplies',
  })
  await post(`/api/properties/${property.id}/products`, {
    productId: product.id,
  })
  const request = await post('/api/requests', {
    propertyId: property.id,
    vendorName: 'Bright Facilities',
    requestedProducts: [{ productId: product.id, quantity: 1 }],
  })

  await page.goto('/dispatch')
  await expect(page.getByRole('heading', { name: 'Dispatch Management' })).toBeVisible()
  await expect(page.getByText(request.orderNumber)).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Add Runner' }).click()
  const add = page.getByRole('dialog', { name: 'Add Runner' })
  await add.getByRole('button', { name: 'Add Runner' }).click()
  // The browser's own required-field check stops an empty form; the server's messages are tested elsewhere.
  await add.getByLabel('Name').fill('Dana Dash')
  await add.getByLabel('Phone').fill('+15550145')
  await add.getByRole('button', { name: 'Add Runner' }).click()
  await expect(page.getByRole('region', { name: 'Runner Added: Dana Dash' })).toBeVisible()
  const portal = await page.getByLabel('Portal link').inputValue()
  expect(portal).toMatch(/\/runner\/[\w-]+\/[\w%-]+$/)
  await expectAccessible(page)

  await page.getByRole('link', { name: 'Assign Runner' }).click()
  const assign = page.getByRole('dialog', { name: 'Assign Runner' })
  await assign.getByLabel('Runner').selectOption({ label: 'Dana Dash' })
  await assign.getByLabel('Notes (Optional)').fill('Loading dock at the back')
  await expectAccessible(page)
  await assign.getByRole('button', { name: 'Assign' }).click()
  await expect(page.getByTestId('toast')).toContainText('Assignment Created')
  await expect(page.getByText('No pending orders.')).toBeVisible()
  const current = page.getByRole('region', { name: 'Current Assignments' })
  await expect(current).toContainText(request.orderNumber)
  await expect(current).toContainText('Dana Dash')
  // Its state is the delivery's, said so beside the requests' states (issue 34).
  await expect(current.getByText('Delivery: Assigned', { exact: true })).toBeVisible()

  await current.getByRole('button', { name: 'Generate Link' }).click()
  const link = page.getByRole('dialog', { name: 'Generate Link' })
  const shareable = await link.getByLabel('Shareable URL').inputValue()
  expect(shareable).toMatch(/\/delivery\/[\w-]+\/[\w%-]+$/)
  await expectAccessible(page)

  await page.goto(new URL(shareable).pathname)
  await expect(page.getByRole('heading', { name: `Order ${request.orderNumber}` })).toBeVisible()
  await expect(page.getByText('Loading dock at the back')).toBeVisible()
  await page.goto(new URL(portal).pathname)
  await expect(page.getByRole('heading', { name: 'Hello, Dana Dash' })).toBeVisible()
})
