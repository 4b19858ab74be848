// Issue 15's manager screens, with JavaScript and without: standing orders on the property page, the
// dashboard's "likely to run out" card leading to a one-click request, and translating a product.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

test('a standing order is added on the property page and listed with its rhythm', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('standing-e2e'))
  const { property } = await givenStockedProperty(page.request, 'Oak Court', ['Paper Towels', 'Hand Soap'])
  await page.goto(`/properties?edit=${property.id}`)
  await expect(page.getByRole('heading', { name: 'Standing orders (0)' })).toBeVisible()

  await page.getByLabel('Standing order quantity of Hand Soap').fill('4')
  await page.getByLabel('Vendor name').fill('Monday linen')
  await page.getByLabel('Every', { exact: true }).selectOption('week')
  await page.getByLabel('Weekday (weekly orders)').selectOption('Tuesday')
  await page.getByLabel('Time', { exact: true }).fill('07:30')
  await page.getByLabel('Time zone').selectOption('America/New_York')
  await page.getByRole('button', { name: 'Add standing order' }).click()

  await expect(page.getByText('Standing order added.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Standing orders (1)' })).toBeVisible()
  await expect(page.getByText('Every Tuesday at 07:30 (America/New_York): Monday linen')).toBeVisible()
  await expect(page.getByText(/4 × Hand Soap\. Next: /)).toBeVisible()
  await expectAccessible(page)
  const orders = await (await page.request.get('/api/standing-orders')).json()
  expect(orders).toEqual([expect.objectContaining({ propertyId: property.id, vendorName: 'Monday linen', every: 'week', weekday: 2, time: '07:30' })])
})

test('a standing order listed on the property page is deleted', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('standing-del-e2e'))
  const { property, products } = await givenStockedProperty(page.request, 'Oak Court', ['Paper Towels', 'Hand Soap'])
  // The order the test above adds through the form, added here through the API.
  const order = { propertyId: property.id, vendorName: 'Monday linen', items: [{ productId: products[1]!.id, quantity: 4 }], every: 'week', weekday: 2, time: '07:30', timezone: 'America/New_York' }
  expect((await page.request.post('/api/standing-orders', { data: order })).ok()).toBe(true)
  await page.goto(`/properties?edit=${property.id}`)
  await expect(page.getByRole('heading', { name: 'Standing orders (1)' })).toBeVisible()

  await page.getByRole('button', { name: /^Delete standing order: Every Tuesday/ }).click()
  await expect(page.getByText('Standing order deleted.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Standing orders (0)' })).toBeVisible()
  expect(await (await page.request.get('/api/standing-orders')).json()).toEqual([])
})

test('a standing order without any quantity is refused with a message and nothing is stored', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('standing-bad-e2e'))
  const { property } = await givenStockedProperty(page.request, 'Elm Row', ['Paper Towels'])
  await page.goto(`/properties?edit=${property.id}`)
  await page.getByLabel('Vendor name').fill('Nobody')
  await page.getByRole('button', { name: 'Add standing order' }).click()
  await expect(page.getByText('Give a quantity for at least one product')).toBeVisible()
  await expectAccessible(page)
  expect(await (await page.request.get('/api/standing-orders')).json()).toEqual([])
})

test('a par level set in the property’s product list makes the dashboard name the property, and one click there makes the request', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('running-out-e2e'))
  const { property, products } = await givenStockedProperty(page.request, 'Maple House', ['Paper Towels'])
  await page.goto(`/properties?edit=${property.id}`)
  await page.getByLabel('Par level for Paper Towels').fill('6')
  await page.getByRole('button', { name: 'Save par level for Paper Towels' }).click()
  await expect(page.getByText('Par level saved.')).toBeVisible()
  const [line] = (await (await page.request.get(`/api/properties/${property.id}/products`)).json()) as Array<{ id: string; parLevel: number | null }>
  expect(line).toMatchObject({ id: products[0]!.id, parLevel: 6 })

  await page.goto('/')
  const card = page.getByTestId('running-out')
  await card.getByText('1 property likely to run out this week').click()
  await expectAccessible(page)
  await card.getByRole('link', { name: 'Maple House' }).click()
  await expect(page.getByRole('heading', { name: 'Reorder suggestions (1)' })).toBeVisible()
  await page.getByRole('button', { name: 'Request 6 of Paper Towels' }).click()
  await expect(page.getByText(/Request ORD-\d+ created\./)).toBeVisible()
  const [request] = await (await page.request.get('/api/requests')).json()
  expect(request).toMatchObject({ status: 'pending', propertyId: property.id })
})

test('a manager translates a product the list says is untranslated, and vendors read it in their language', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('translate-e2e'))
  const { property, products } = await givenStockedProperty(page.request, 'Birch Hall', ['Hand Soap'])
  await page.goto('/products')
  await page.getByText('1 product lacks a translation').click()
  await page.getByRole('link', { name: /^Hand Soap\s*: translate$/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Translations of Hand Soap' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page)
  await dialog.getByLabel('Ukrainian name').fill('Рідке мило')
  await dialog.getByLabel('Ukrainian description').fill('Без запаху')
  await dialog.getByRole('button', { name: 'Save translations' }).click()
  await expect(page.getByText('Translations of Hand Soap saved.')).toBeVisible()

  const vendor = await (await page.request.get(`/api/vendor/properties/${property.id}/products?lang=uk`)).json()
  expect(vendor.find((p: { id: string }) => p.id === products[0]!.id)).toMatchObject({ name: 'Рідке мило', description: 'Без запаху' })
  // Still untranslated in the other languages, and the card's own link reopens what was saved.
  await expect(page.getByText('1 product lacks a translation')).toBeVisible()
  await page.getByRole('link', { name: 'Translate Hand Soap' }).click()
  await expect(page.getByRole('dialog', { name: 'Translations of Hand Soap' }).getByLabel('Ukrainian name')).toHaveValue('Рідке мило')
})
