// A vendor page answered from the kept copy (decision 140) carries no nonce: its inline script runs
// because the policy names its hash. Two phones open the same QR link; the second phone's page comes
// from the cache, and its script must still run in a real browser, with no policy violation.
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

test('a vendor page from the kept copy runs its script: the cart changes in place and the browser reports no policy violation', async ({ browser, page }) => {
  await signInThroughForm(page, uniqueEmail('kept-page'))
  const { property } = await givenStockedProperty(page.request, 'Kept Page Court', ['Hand Soap Refill'])
  const url = `/vendor/${property.id}/request?lang=en`
  for (const phone of ['first', 'second']) {
    const context = await browser.newContext()
    const vendor = await context.newPage()
    const violations: string[] = []
    vendor.on('console', (m) => m.type() === 'error' && violations.push(m.text()))
    const answer = await vendor.goto(url)
    if (phone === 'second') expect(answer!.headers()['x-page-cache']).toBe('hit')
    // The script answers a press in place, without a reload (the marker would be gone).
    await vendor.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await vendor.getByRole('button', { name: 'Add to cart: Hand Soap Refill' }).click()
    await expect(vendor.getByTestId('cart-count')).toHaveText('1 item')
    expect(await vendor.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    expect(violations).toEqual([])
    await context.close()
  }
})
