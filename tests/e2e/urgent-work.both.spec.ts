// Issue 34, item 3: urgent work in sight. With JavaScript and without, the dashboard and the Requests
// page list urgent requests first (then the soonest needed, then the newest) with their Urgent badge
// and needed-by time; the Requests page's Order choice lists them by date instead; the dashboard and
// the bell say how many urgent requests wait for a runner.
import type { APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

async function send(api: APIRequestContext, propertyId: string, productId: string, vendorName: string, details: { urgent?: boolean; neededBy?: string } = {}) {
  const res = await api.post('/api/requests', { data: { propertyId, vendorName, requestedProducts: [{ productId, quantity: 1 }], ...details } })
  expect(res.status(), await res.text()).toBe(201)
}

/** Tomorrow at 14:00 as a needed-by field takes it (the property's clock). */
function tomorrowAtTwo() {
  return `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T14:00`
}

test('urgent requests come first on the dashboard and the Requests page, with their badge and needed-by time', async ({ page }, info) => {
  test.setTimeout(60_000)
  const jsOn = info.project.use.javaScriptEnabled !== false
  await signInThroughForm(page, uniqueEmail('urgent-work'))
  const { property, products } = await givenStockedProperty(page.request, 'Harbor View Apartments', ['Hand Soap Refill'])
  const productId = products[0]!.id
  // Sent in this order: by date alone the newest is Rush Anytime.
  await send(page.request, property.id, productId, 'Plain Early')
  await send(page.request, property.id, productId, 'Rush Needed', { urgent: true, neededBy: tomorrowAtTwo() })
  await send(page.request, property.id, productId, 'Plain Late')
  await send(page.request, property.id, productId, 'Rush Anytime', { urgent: true })
  const urgentFirst = ['Rush Needed', 'Rush Anytime', 'Plain Late', 'Plain Early']

  await page.goto('/')
  const cards = page.getByTestId('request-card')
  await expect(cards).toHaveCount(4)
  for (const [i, vendor] of urgentFirst.entries()) await expect(cards.nth(i)).toContainText(vendor)
  await expect(cards.nth(0).getByText('Urgent', { exact: true })).toBeVisible()
  await expect(cards.nth(0).getByTestId('needed-by')).toHaveText(/^Needed by \w{3} \d{1,2}, \d{4}, 2:00 PM$/)
  await expect(cards.nth(1).getByText('Urgent', { exact: true })).toBeVisible()
  await expect(cards.nth(2).getByText('Urgent', { exact: true })).toHaveCount(0)
  await expect(page.getByTestId('urgent-waiting')).toContainText('2 urgent requests wait for a runner')
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/, 2 urgent requests wait for a runner$/)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: `/tmp/urgent-dashboard-1366-${jsOn ? 'js' : 'nojs'}.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 800 })
  await page.screenshot({ path: `/tmp/urgent-dashboard-360-${jsOn ? 'js' : 'nojs'}.png`, fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })

  // The way to them: the urgent ones that wait, on the Requests page.
  await page.getByRole('link', { name: 'See urgent requests' }).click()
  const rows = page.getByTestId('request-row')
  await expect(rows).toHaveCount(2)
  await expect(page.getByTestId('request-count')).toHaveText('2 requests')

  await page.goto('/requests')
  await expect(rows).toHaveCount(4)
  for (const [i, vendor] of urgentFirst.entries()) await expect(rows.nth(i)).toContainText(vendor)
  await expect(rows.nth(0).getByText('Urgent', { exact: true })).toBeVisible()
  await expect(rows.nth(0).getByTestId('needed-by')).toHaveText(/^Needed by .+ 2:00 PM$/)
  await expect(page.getByLabel('Order')).toHaveValue('urgent')
  await expectAccessible(page)
  await page.screenshot({ path: `/tmp/urgent-requests-1366-${jsOn ? 'js' : 'nojs'}.png`, fullPage: true })
  await page.setViewportSize({ width: 360, height: 800 })
  await page.screenshot({ path: `/tmp/urgent-requests-360-${jsOn ? 'js' : 'nojs'}.png`, fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })

  // Another order: newest first, by date alone.
  await page.getByLabel('Order').selectOption('newest')
  if (!jsOn) await page.getByRole('button', { name: 'Sort' }).click()
  await expect(page).toHaveURL(/sort=newest/)
  for (const [i, vendor] of ['Rush Anytime', 'Plain Late', 'Rush Needed', 'Plain Early'].entries()) await expect(rows.nth(i)).toContainText(vendor)
  // A search keeps the order picked.
  await page.getByRole('searchbox', { name: 'Search requests' }).fill('plain')
  if (jsOn) await expect(page).toHaveURL(/q=plain/)
  else await page.getByRole('searchbox', { name: 'Search requests' }).press('Enter')
  await expect(rows).toHaveCount(2)
  await expect(page).toHaveURL(/sort=newest/)
  await expect(rows.nth(0)).toContainText('Plain Late')
})
