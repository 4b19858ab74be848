// The finalize step is the dialog over the page's header, not over the whole catalog (decision 146),
// so a slow phone lays out an eighth of the elements. With JavaScript the vendor still gets back to
// where they were in the catalog when they keep shopping, and hears the cart's count change in the dialog.
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenStockedProperty } from './given'

test.use({ viewport: { width: 360, height: 740 } })

test('a vendor far down the catalog reviews the cart, hears a press in the dialog, and keeps shopping where they were', async ({ page, browser }) => {
  const managerContext = await browser.newContext()
  const manager = await managerContext.newPage()
  await signInThroughForm(manager, uniqueEmail('review-step'))
  const names = Array.from({ length: 14 }, (_, i) => `Shelf item ${String(i + 1).padStart(2, '0')}`)
  const { property } = await givenStockedProperty(manager.request, 'Long Catalog Court', names)
  await managerContext.close()

  await page.goto(`/vendor/${property.id}/request?lang=en`)
  const last = page.getByRole('button', { name: 'Add to cart: Shelf item 14' })
  await last.scrollIntoViewIfNeeded()
  await last.click()
  await expect(page.getByTestId('cart-count')).toHaveText('1 item')
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(500)

  await page.getByRole('link', { name: 'Review and send' }).click()
  const dialog = page.getByRole('dialog', { name: 'Finalize Request' })
  await expect(dialog).toBeVisible()
  // Nothing of the catalog waits behind the dialog.
  await expect(page.getByRole('button', { name: /^Add to cart:/ })).toHaveCount(0)

  // A press in the dialog: the count a screen reader hears is inside the dialog and says the new
  // total, in the same live region the catalog had (a new node would be read by nobody).
  await page.getByTestId('cart-announcement').evaluate((region) => region.setAttribute('data-heard', ''))
  await dialog.getByRole('button', { name: 'Add one more: Shelf item 14' }).click()
  await expect(dialog.getByTestId('cart-announcement')).toHaveText('2 items')
  await expect(dialog.locator('[data-testid=cart-announcement][data-heard]')).toHaveCount(1)

  const backWhereTheyWere = async () => {
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('cart-count')).toHaveText('2 items')
    await expect(page.getByRole('button', { name: 'Add one more: Shelf item 14' })).toBeInViewport()
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(50)
  }
  await dialog.getByRole('link', { name: 'Keep adding products' }).click()
  await backWhereTheyWere()
  // The phone's Back button closes the dialog the same way.
  await page.getByRole('link', { name: 'Review and send' }).click()
  await expect(dialog).toBeVisible()
  await page.goBack()
  await backWhereTheyWere()

  // Sending opens the success screen at its top, not where the catalog was.
  await page.getByRole('link', { name: 'Review and send' }).click()
  await dialog.getByLabel('Your name').fill('Rosa Reviewer')
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
  await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})
