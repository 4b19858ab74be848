// Journeys by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows and typing): managers who
// never touch a mouse, and a vendor on a phone with a keyboard. Every stop must show where the focus
// is; dialogs keep the focus inside, close on Escape and give it back; "Skip to content" leads past
// the navigation. Data a journey starts from is made through the API (given.ts); sign-in is the form.
import type { Locator, Page } from '@playwright/test'
import { givenRequest, givenStockedProperty } from './given'
import { expect, signInThroughForm, test, uniqueEmail } from './fixtures'

/** The focused element shows a visible outline or focus ring. */
async function expectFocusVisible(page: Page) {
  const seen = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { visible: false, what: 'nothing focused' }
    const style = getComputedStyle(el)
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !/rgba\([^)]*,\s*0\)|transparent/.test(style.outlineColor)
    // Each shadow: "rgb(a) x y blur spread"; a ring is a coloured shadow with a spread.
    const ring = [...style.boxShadow.matchAll(/rgba?\(([^)]+)\)\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/g)].some((m) => {
      const alpha = m[1]!.split(',')[3]
      return (alpha === undefined || parseFloat(alpha) > 0) && parseFloat(m[5]!) > 0
    })
    return { visible: outline || ring, what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"` }
  })
  expect(seen.visible, `focus is not visible on ${seen.what}`).toBe(true)
}

/** Presses Tab (or Shift+Tab) until the target has the focus, checking at every stop that focus shows. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    await expectFocusVisible(page)
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

async function expectFocused(page: Page, target: Locator) {
  await expect(target).toBeFocused()
  await expectFocusVisible(page)
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.type(text)
}

/** Tab and Shift+Tab wrap around inside the dialog and never leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(key)
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} left the dialog`).toBe(true)
    }
  }
}

test('a manager skips the navigation and creates a product by keyboard; the dialog traps focus, Escape closes it and focus returns', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('keys-product'))
  // A dashboard opened afresh: sign-in ends in a client-side step from the first-run page, after which
  // the browser's next Tab starts from where that page's button was, or is pressed before the dashboard
  // replaced it (the journey's one flake). The first Tab on a page just opened lands on the skip link,
  // which leads past the sidebar into the page.
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expectFocused(page, skip)
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('nav')))).toBe(false)

  // Back up into the navigation and on to Products.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }), { back: true })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/products$/)
  const newProduct = page.getByRole('main').getByRole('link', { name: 'New Product' }).first()
  await tabTo(page, newProduct)

  // Escape closes the dialog and gives the focus back to what opened it.
  await page.keyboard.press('Enter')
  let dialog = page.getByRole('dialog', { name: 'Add Product' })
  await expect(dialog).toBeVisible()
  await expectFocused(page, dialog.getByLabel('Product Name'))
  await expectFocusTrapped(page, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expectFocused(page, newProduct)

  await page.keyboard.press('Enter')
  dialog = page.getByRole('dialog', { name: 'Add Product' })
  await expectFocused(page, dialog.getByLabel('Product Name'))
  await page.keyboard.type('Lavender Hand Soap')
  await typeInto(page, dialog.getByLabel('Category'), 'Guest Amenities')
  await typeInto(page, dialog.getByLabel('Price'), '$6.50')
  await tabTo(page, dialog.getByRole('button', { name: 'Create Product' }))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('toast')).toContainText(/created/i)
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Lavender Hand Soap' })).toBeVisible()
})

test('a manager assigns a runner to a pending request by keyboard', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('keys-assign'))
  const { property, products } = await givenStockedProperty(page.request, 'Keyboard Court', ['Paper Towels'])
  const request = await givenRequest(page.request, { propertyId: property.id, vendorName: 'Quinn Cleaning', products })
  expect((await page.request.post('/api/runners', { data: { name: 'Kai Runner', phone: '+15550177' } })).ok()).toBe(true)

  await page.goto('/dispatch')
  const assign = page.getByRole('link', { name: 'Assign Runner' }).first()
  await tabTo(page, assign)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Assign Runner' })
  await expect(dialog).toContainText(request.orderNumber)
  const runner = dialog.getByLabel('Runner')
  await expectFocused(page, runner)
  // A closed select takes the arrow keys: the first runner after the placeholder.
  await page.keyboard.press('ArrowDown')
  await expect(runner).toHaveValue(/.+/)
  await typeInto(page, dialog.getByLabel('Notes (Optional)'), 'Ring twice')
  await tabTo(page, dialog.getByRole('button', { name: 'Assign' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('toast')).toContainText('Assignment Created')
  const assignments = await (await page.request.get('/api/dispatch/assignments')).json()
  expect(assignments.some((a: { requestId?: string; request?: { id: string }; notes?: string }) => (a.requestId ?? a.request?.id) === request.id)).toBe(true)
})

test('a manager creates an invoice and e-mails it by keyboard', async ({ page }) => {
  // Creating, confirming and sending (the first PDF loads the PDF library) on a busy machine.
  test.setTimeout(60_000)
  await signInThroughForm(page, uniqueEmail('keys-invoice'))
  await page.goto('/billing')
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'New Invoice' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'New Invoice' })
  await expectFocused(page, dialog.getByLabel('Recipient name'))
  await page.keyboard.type('Pat Payer')
  await typeInto(page, dialog.getByLabel('Recipient email'), 'pat@payer.test')
  await typeInto(page, dialog.getByLabel('Item 1 description'), 'Deep clean')
  await tabTo(page, dialog.getByLabel('Item 1 quantity'))
  await page.keyboard.press('Control+A')
  await page.keyboard.type('2')
  await typeInto(page, dialog.getByLabel('Item 1 unit price'), '$40.00')
  await tabTo(page, dialog.getByRole('button', { name: 'Create Invoice' }))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('toast')).toContainText('Invoice Created')
  await expect(dialog).toBeHidden()

  const invoices = await (await page.request.get('/api/invoices')).json()
  const invoiceNumber = invoices[0].invoiceNumber as string
  await tabTo(page, page.getByRole('link', { name: `E-mail ${invoiceNumber}` }))
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: `E-mail invoice ${invoiceNumber}` })
  await tabTo(page, confirm.getByRole('button', { name: 'Send invoice' }))
  await page.keyboard.press('Space')
  await expect(page.getByTestId('toast')).toContainText('Email Sent to Outbox')
})

test('a vendor orders two products and sends the request by keyboard', async ({ page, browser }) => {
  const context = await browser.newContext()
  const manager = await context.newPage()
  await signInThroughForm(manager, uniqueEmail('keys-vendor'))
  const { property } = await givenStockedProperty(manager.request, 'Keyboard Towers', ['Hand Soap Refill', 'Trash Bags'])

  await page.goto(`/vendor/${property.id}/request?lang=en`)
  await tabTo(page, page.getByRole('button', { name: 'Add to cart: Hand Soap Refill' }))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('cart-count')).toHaveText('1 item')
  await tabTo(page, page.getByRole('button', { name: 'Add to cart: Trash Bags' }))
  await page.keyboard.press('Space')
  await expect(page.getByTestId('cart-count')).toHaveText('2 items')

  const review = page.getByRole('link', { name: 'Review and send' })
  await tabTo(page, review)
  await page.keyboard.press('Enter')
  let dialog = page.getByRole('dialog', { name: 'Finalize Request' })
  await expect(dialog).toBeVisible()
  await expectFocused(page, dialog.getByLabel('Your name'))
  await expectFocusTrapped(page, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expectFocused(page, review)

  await page.keyboard.press('Enter')
  dialog = page.getByRole('dialog', { name: 'Finalize Request' })
  await expectFocused(page, dialog.getByLabel('Your name'))
  await page.keyboard.type('Olena Kovalenko')
  await tabTo(page, dialog.getByRole('button', { name: 'Submit Request' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible()
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim()
  const list = await (await manager.request.get('/api/requests')).json()
  const sent = list.find((r: { orderNumber: string }) => r.orderNumber === orderNumber)
  expect(sent.requestedProducts.map((p: { name: string }) => p.name).sort()).toEqual(['Hand Soap Refill', 'Trash Bags'])
  await context.close()
})
