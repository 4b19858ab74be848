// What the requester reads on the tracking page (issue 34, item 6), on a 360 px phone with JavaScript
// and without: the urgent badge, the needed-by time, the answers they gave, the address their
// updates go to (masked), and, once delivered, when.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

test.use({ viewport: { width: 360, height: 780 } })

const QUESTIONS = {
  fields: [
    { key: 'room', type: 'text', required: false, labels: { en: 'Room number' } },
    { key: 'lift', type: 'checkbox', required: false, labels: { en: 'Use the service lift' } },
  ],
}

test('the tracking page shows the urgency, needed-by time, answers, masked address and delivery time', async ({ page, browser }, info) => {
  test.setTimeout(120_000)
  const js = info.project.use.javaScriptEnabled !== false
  const managerContext = await browser.newContext({ javaScriptEnabled: true })
  const manager = await managerContext.newPage()
  await signInThroughForm(manager, uniqueEmail('track-details-e2e'))
  const { property, products } = await givenStockedProperty(manager.request, 'Canal House', ['Bath Towels'])
  expect((await manager.request.put(`/api/properties/${property.id}/request-fields`, { data: QUESTIONS })).ok()).toBe(true)
  const sent = await page.request.post('/api/vendor/requests', {
    data: {
      propertyId: property.id,
      vendorName: 'Vera Vendor',
      requestedProducts: [{ productId: products[0]!.id, quantity: 2 }],
      urgent: true,
      neededBy: '2026-12-01T14:00',
      fields: { room: '4B', lift: true },
    },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const { id, orderNumber, trackingUrl } = (await sent.json()) as { id: string; orderNumber: string; trackingUrl: string }
  const trackPath = new URL(trackingUrl).pathname

  await page.goto(trackPath)
  await page.getByLabel('E-mail').fill('vera@vendor.test')
  await page.getByRole('button', { name: 'Keep me posted' }).click()
  await expect(page.getByTestId('notify-saved')).toBeVisible()
  await expect(page.getByTestId('notify-listening')).toHaveText('Updates go to v•••@vendor.test.')
  await expect(page.getByRole('heading', { name: `Request ${orderNumber} Urgent` })).toBeVisible()
  await expect(page.getByTestId('tracking-needed-by')).toContainText('Needed by Dec 1, 2026')
  const answers = page.getByRole('region', { name: 'Your answers' })
  await expect(answers.getByRole('definition')).toHaveText(['4B', 'Yes'])
  await expect(answers.getByRole('term')).toHaveText(['Room number', 'Use the service lift'])
  expect(await page.content()).not.toContain('vera@vendor.test')
  await expectAccessible(page)
  await page.screenshot({ path: `/tmp/requester-track-${js ? 'js' : 'nojs'}-360.png`, fullPage: true })

  // Delivered: the page says when.
  const runner = await (await manager.request.post('/api/runners', { data: { name: 'Rob Runner', phone: '+15550111' } })).json()
  const assignment = await (await manager.request.post('/api/dispatch/assign', { data: { requestId: id, runnerId: runner.id } })).json()
  for (const status of ['in_transit', 'delivered']) {
    const res = await page.request.patch(`/api/dispatch/assign/${assignment.id}`, { data: { status }, headers: { 'X-Runner-Token': runner.authToken } })
    expect(res.ok(), await res.text()).toBe(true)
  }
  await page.goto(trackPath)
  await expect(page.getByTestId('tracking-status')).toHaveText('Your products have been delivered.')
  await expect(page.getByTestId('tracking-delivered-at')).toContainText(/^Delivered on \w{3} \d{1,2}, \d{4}/)
  await expectAccessible(page)
  await page.screenshot({ path: `/tmp/requester-track-delivered-${js ? 'js' : 'nojs'}-360.png`, fullPage: true })
  await managerContext.close()
})
