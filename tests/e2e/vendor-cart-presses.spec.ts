// A vendor filling a cart with JavaScript makes one post per press, as one without it does. Those
// posts used to go as multipart, which the server counts as photo uploads (30 a minute from one
// address): the 31st press in a minute, or fewer behind a building's shared router, was refused.
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

test('a vendor pressing the cart’s buttons 40 times in a minute is never refused, and sends the request', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const managerContext = await browser.newContext()
  const manager = await managerContext.newPage()
  await signInThroughForm(manager, uniqueEmail('cart-presses'))
  const { property } = await givenStockedProperty(manager.request, 'Press House', ['Bath Towels'])
  await managerContext.close()

  await page.goto(`/vendor/${property.id}/request?lang=en`)
  await page.getByRole('button', { name: 'Add to cart: Bath Towels' }).click()
  await expect(page.getByTestId('cart-count')).toHaveText('1 item')
  for (let press = 2; press <= 40; press += 2) {
    await page.getByRole('button', { name: 'Add one more: Bath Towels' }).click()
    await expect(page.getByTestId('cart-count')).toHaveText('2 items')
    await page.getByRole('button', { name: 'Remove one: Bath Towels' }).click()
    await expect(page.getByTestId('cart-count')).toHaveText('1 item')
  }
  await expect(page.getByText('Too many requests')).toHaveCount(0)

  // The request without a photo goes too, and lands.
  await page.getByRole('link', { name: 'Review and send' }).click()
  await page.getByLabel('Your name').fill('Pat Presser')
  await page.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
})
