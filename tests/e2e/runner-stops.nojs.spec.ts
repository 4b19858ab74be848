// A run delivered from a 360 px phone without JavaScript (issue 34, item 5): each post comes back to
// the stop acted on (#stop-<id>), starting one order starts the other at the same stop and shows the
// address, each stop card has one handover-code field and offers only the statuses allowed from where
// the delivery stands, and a wrong code is shown beside its field as well as in the message. Dispatch
// then shows the finished stop without up or down buttons.
import type { Browser, Page } from '@playwright/test'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { managerApi } from './given'

const PHONE = { width: 360, height: 780 }

type Vendor = { id: string; orderNumber: string; handoverCode: string }

async function givenRunWithTwoOrdersAtOneStop(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: true })
  const api = await context.newPage()
  await signInThroughForm(api, uniqueEmail('stops-e2e'))
  const call = managerApi(api)
  await call('put', '/api/organisation/settings', { requireHandoverCode: true })
  const product = await call('post', '/api/products', { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '$7.99' })
  const properties: Array<{ id: string }> = []
  for (const [name, address] of [
    ['Alder Court', '1 Alder Street, Boston, MA 02110'],
    ['Birch House', '2 Birch Street, Boston, MA 02110'],
  ] as const) {
    const property = await call('post', '/api/properties', { name, address, isActive: true, qrCodeActive: true })
    await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
    properties.push(property)
  }
  const ask = async (propertyId: string, vendorName: string) =>
    (await call('post', '/api/vendor/requests', { propertyId, vendorName, requestedProducts: [{ productId: product.id, quantity: 1 }] })) as Vendor
  const linen = await ask(properties[0]!.id, 'Alder Linen')
  const towels = await ask(properties[0]!.id, 'Alder Towels')
  const bakers = await ask(properties[1]!.id, 'Birch Bakers')
  const runner = (await call('post', '/api/runners', { name: 'Rowan Runner', phone: '+15550177' })) as { id: string; authToken: string }
  const { run } = await call('post', '/api/dispatch/runs', { runnerId: runner.id, requestIds: [linen.id, towels.id, bakers.id] })
  const assignmentOf = (requestId: string) => (run.stops as Array<{ requestIds: string[]; assignmentIds: string[] }>).flatMap((s) => s.requestIds.map((id, i) => [id, s.assignmentIds[i]!] as const)).find(([id]) => id === requestId)![1]
  return {
    context,
    api,
    vendors: { linen, towels, bakers },
    assignments: { linen: assignmentOf(linen.id), towels: assignmentOf(towels.id), bakers: assignmentOf(bakers.id) },
    portalPath: `/runner/${runner.id}/${encodeURIComponent(runner.authToken)}`,
  }
}

function card(page: Page, orderNumber: string) {
  return page.locator('section[aria-labelledby^="a-"]').filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}` }) })
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0')

test('a runner without JavaScript works stop by stop, always brought back to the stop acted on', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const { context, api, vendors, assignments, portalPath } = await givenRunWithTwoOrdersAtOneStop(browser)
  await page.setViewportSize(PHONE)
  await page.goto(portalPath)

  // Before the start: the property's name, no address; only the moves allowed from "assigned".
  const linen = card(page, vendors.linen.orderNumber)
  await expect(linen).toHaveAttribute('id', `stop-${assignments.linen}`)
  await expect(linen.getByText('Alder Court', { exact: true })).toBeVisible()
  await expect(page.getByText('1 Alder Street')).toHaveCount(0)
  await expect(linen.getByLabel('Status').locator('option')).toHaveText(['Assigned (now)', 'Picked Up', 'In Transit', 'Cancelled'])
  await expectAccessible(page)

  // Starting one order at Alder Court starts the other there too, and comes back to it.
  await linen.getByRole('button', { name: 'Start Delivery' }).click()
  await expect(page).toHaveURL(new RegExp(`#stop-${assignments.linen}$`))
  await expect(page.getByTestId('toast')).toContainText(`Also started at this stop: ${vendors.towels.orderNumber}.`)
  const towels = card(page, vendors.towels.orderNumber)
  await expect(towels.getByText('1 Alder Street, Boston, MA 02110')).toBeVisible()
  await expect(towels.getByRole('button', { name: 'Start Delivery' })).toHaveCount(0)
  await expect(card(page, vendors.bakers.orderNumber).getByRole('button', { name: 'Start Delivery' })).toBeVisible()
  // One code field per stop card, and in transit only Delivered or Cancelled can follow.
  await expect(linen.getByRole('textbox', { name: /Handover code/ })).toHaveCount(1)
  await expect(linen.getByLabel('Status').locator('option')).toHaveText(['In Transit (now)', 'Delivered', 'Cancelled'])
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('stops-started.png'), fullPage: true })
  await page.screenshot({ path: '/tmp/runners-portal-360.png', fullPage: true })

  // A wrong code: refused beside the field and in the message, back at the same stop.
  const code = towels.getByLabel('Handover code', { exact: true })
  await code.fill(wrongCode(vendors.towels.handoverCode))
  await towels.getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page).toHaveURL(new RegExp(`#stop-${assignments.towels}$`))
  await expect(page.getByTestId('toast')).toContainText('That handover code is not right')
  const refused = card(page, vendors.towels.orderNumber).getByLabel('Handover code', { exact: true })
  await expect(refused).toHaveAttribute('aria-invalid', 'true')
  await expect(refused).toHaveAccessibleDescription(/That handover code is not right/)
  await expect(card(page, vendors.linen.orderNumber).getByLabel('Handover code', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)
  await page.screenshot({ path: '/tmp/runners-portal-refused-360.png', fullPage: false })

  // The right codes deliver both orders at the stop.
  await refused.fill(vendors.towels.handoverCode)
  await card(page, vendors.towels.orderNumber).getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page.getByTestId('toast')).toContainText('Delivery marked as Delivered')
  await expect(page).toHaveURL(new RegExp(`#stop-${assignments.towels}$`))
  await card(page, vendors.linen.orderNumber).getByLabel('Handover code', { exact: true }).fill(vendors.linen.handoverCode)
  await card(page, vendors.linen.orderNumber).getByRole('button', { name: 'Mark as Delivered' }).click()
  await expect(page.getByRole('heading', { name: 'Active Assignments (1)' })).toBeVisible()

  // Dispatch: the finished stop (Alder Court) has no up or down buttons; Birch House cannot swap with it.
  const manager = await context.newPage()
  await manager.goto('/dispatch')
  const run = manager.getByRole('listitem', { name: 'Run for Rowan Runner' })
  await expect(run.getByRole('button', { name: 'Move Alder Court earlier' })).toHaveCount(0)
  await expect(run.getByRole('button', { name: 'Move Alder Court later' })).toHaveCount(0)
  await expect(run.getByRole('button', { name: 'Move Birch House earlier' })).toBeDisabled()
  await manager.setViewportSize({ width: 1366, height: 900 })
  await run.scrollIntoViewIfNeeded()
  await manager.screenshot({ path: '/tmp/runners-dispatch-runs-1366.png' })
  await api.close()
  await context.close()
})
