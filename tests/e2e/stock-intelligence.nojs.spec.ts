// Issue 15 without JavaScript: a chart's data table on /reports shows the numbers the API gives, and a
// manager sets a par level and turns the suggestion into a request with plain form posts.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenDeliveryProof, givenRequest, givenStockedProperty } from './given'

test('the reports page reads the same numbers as the consumption API, chart by chart, with JavaScript off', async ({ page }) => {
  const email = uniqueEmail('reports-e2e')
  await signInThroughForm(page, email)
  const api = page.request
  const { property, products } = await givenStockedProperty(api, 'Harbor View', ['Glass Cleaner', 'Mop Heads'])
  const first = await givenRequest(api, { propertyId: property.id, vendorName: 'Acme', products: [products[0]!], quantity: 7 })
  const second = await givenRequest(api, { propertyId: property.id, vendorName: 'Acme', products: [products[0]!, products[1]!], quantity: 3 })
  await givenDeliveryProof(email, first.id, 'Front desk')
  await givenDeliveryProof(email, second.id, 'Front desk')

  await page.getByRole('link', { name: 'Reports', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await expectAccessible(page)

  const from = await page.getByRole('textbox', { name: 'From', exact: true }).inputValue()
  const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue()
  const report = await (await api.get(`/api/reports/consumption?from=${from}&to=${to}`)).json()
  expect(report.totals).toMatchObject({ quantity: 13, requests: 2 })

  // Top products: the chart's data table against the API's rows.
  const top = page.locator('#chart-top-products-table tbody tr')
  await expect(top).toHaveCount(2)
  await expect(top.nth(0)).toHaveText(['Glass Cleaner', '10'].join(''))
  await expect(top.nth(1)).toHaveText(['Mop Heads', '3'].join(''))
  const byName = Object.fromEntries(report.rows.map((r: { productName: string; quantity: number }) => [r.productName, r.quantity]))
  expect(byName).toEqual({ 'Glass Cleaner': 10, 'Mop Heads': 3 })

  // The median delivery time lists the property with both deliveries; the consumption table's total matches.
  await expect(page.locator('#chart-delivery-time-table tbody tr').first().locator('td').last()).toHaveText('2')
  await expect(page.locator('#consumption-table tbody tr').last()).toContainText('13')
  // Spend is the invoice lines before tax, and says so (issue 28), beside the totals and in the table.
  await expect(page.getByText('Invoiced spend before tax', { exact: true })).toBeVisible()
  await expect(page.locator('#consumption-table thead')).toContainText('Spend before tax')
  // The chart itself is an image with a title a screen reader reads.
  await expect(page.getByRole('img', { name: /Top products by quantity delivered/ })).toBeVisible()

  // The CSV is a plain link.
  const csv = await api.get(`/api/reports/consumption?from=${from}&to=${to}&format=csv`)
  expect(await csv.text()).toContain('Total,,13,2,0.00')
})

test('a par level set on the property page becomes a one-click request, with JavaScript off', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('par-e2e'))
  const { property } = await givenStockedProperty(page.request, 'Oak Court', ['Paper Towels'])
  await page.goto(`/properties?edit=${property.id}`)
  await expect(page.getByText('Nothing is likely to run out this week.')).toBeVisible()
  await page.getByLabel('Par level for Paper Towels').fill('6')
  await page.getByRole('button', { name: 'Save par level for Paper Towels' }).click()
  await expect(page.getByText('Par level saved.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Reorder suggestions (1)' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Request 6 of Paper Towels' }).click()
  await expect(page.getByText(/Request ORD-\d+ created\./)).toBeVisible()
  const requests = await (await page.request.get('/api/requests')).json()
  expect(requests[0]).toMatchObject({ status: 'pending', propertyId: property.id })
})
