// Keyboard focus after a list re-renders (issue 34, item 10): moving a stop earlier in Dispatch's runs
// and marking a notification as read keep the focus on that stop and that notification. With
// JavaScript: without it every post reloads the page, which starts at its top.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { managerApi } from './given'

test('focus stays on the stop moved earlier and on the notification marked as read', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1366, height: 768 })
  await signInThroughForm(page, uniqueEmail('rough-focus'))
  const call = managerApi(page)
  const product = await call('post', '/api/products', { name: 'Hand Soap Refill', price: '$7.99' })
  const requests: Array<{ id: string }> = []
  for (const [name, address] of [
    ['Alder Court', '1 Alder Street, Boston, MA 02110'],
    ['Birch House', '2 Birch Street, Boston, MA 02110'],
  ] as const) {
    const property = await call('post', '/api/properties', { name, address, isActive: true, qrCodeActive: true })
    await call('post', `/api/properties/${property.id}/products`, { productId: product.id })
    requests.push(await call('post', '/api/vendor/requests', { propertyId: property.id, vendorName: `${name} Linen`, requestedProducts: [{ productId: product.id, quantity: 1 }] }))
  }
  const runner = await call('post', '/api/runners', { name: 'Rowan Runner', phone: '+15550177' })
  await call('post', '/api/dispatch/runs', { runnerId: runner.id, requestIds: requests.map((r) => r.id) })

  await page.goto('/dispatch')
  const run = page.getByRole('listitem', { name: 'Run for Rowan Runner' })
  const second = run.locator('ol > li').nth(1)
  const name = (await second.textContent())!.includes('Alder Court') ? 'Alder Court' : 'Birch House'
  // By keyboard: focus the second stop's "earlier" arrow and press it.
  await page.getByRole('button', { name: `Move ${name} earlier` }).focus()
  await page.keyboard.press('Enter')
  await expect(run.locator('ol > li').first()).toContainText(name)
  // First now, it cannot go earlier: the focus is on its other arrow, still that stop.
  await expect(page.getByRole('button', { name: `Move ${name} later` })).toBeFocused()
  await page.screenshot({ path: '/tmp/screens-dispatch-moved-1366.png', fullPage: true })

  await page.goto('/notifications')
  const mark = page.getByRole('button', { name: /^Mark as read: New request .* from Alder Court Linen/ })
  await mark.focus()
  await page.keyboard.press('Enter')
  const marked = page.getByTestId('notification').filter({ hasText: 'Alder Court Linen' })
  await expect(marked.getByText('New', { exact: true })).toHaveCount(0)
  await expect(marked).toBeFocused()
  await page.screenshot({ path: '/tmp/screens-notifications-marked-1366.png', fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: '/tmp/screens-notifications-360.png', fullPage: true })
  await expectAccessible(page)
})
