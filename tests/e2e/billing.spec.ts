// The Billing page: an invoice from two completed requests (one delivered with a runner's photo), its
// PDF with the organisation as issuer, e-mailing it after a confirmation naming the recipient (the e2e
// server runs with MOCKS=true, so to the outbox), archive, restore, delete.
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectAccessible, expectIconDrawn, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenDeliveryProof, givenOrganisationIdentity, givenRequest } from './given'
import { pdfText } from '../support/pdf'

test.use({ viewport: { width: 1280, height: 900 } })

/** Two completed requests at one property, the first delivered with a runner's photo. */
async function givenCompletedRequests(page: Page) {
  const email = uniqueEmail('billing')
  await signInThroughForm(page, email)
  givenOrganisationIdentity(email, {
    name: 'Harbor Lane Properties',
    address: '7 Quay Street, Boston, MA 02110',
    contactEmail: 'accounts@harborlane.test',
    contactPhone: '+1 617 555 0123',
    taxId: 'EIN 12-3456789',
  })
  const api = page.request
  const property = await (await api.post('/api/properties', { data: { name: 'Harbor View', address: '12 Harbor Road, Boston, MA', isActive: true, qrCodeActive: true } })).json()
  const glass = await (await api.post('/api/products', { data: { name: 'Glass Cleaner', price: '$19.99' } })).json()
  const towels = await (await api.post('/api/products', { data: { name: 'Paper Towels', price: '$0.10' } })).json()
  for (const p of [glass, towels]) expect((await api.post(`/api/properties/${property.id}/products`, { data: { productId: p.id } })).ok()).toBe(true)
  const first = await givenRequest(api, { propertyId: property.id, vendorName: 'Acme Cleaning', products: [glass], quantity: 2, status: 'completed' })
  const second = await givenRequest(api, { propertyId: property.id, vendorName: 'Bright Facilities', products: [towels], quantity: 2, status: 'completed' })
  await givenDeliveryProof(email, first.id, 'Left at reception')
  return { first, second }
}

test('invoice two completed requests from the Billing page, seen on a wide screen and a phone', async ({ page }) => {
  test.setTimeout(90_000)
  const { first, second } = await givenCompletedRequests(page)
  await page.getByRole('link', { name: 'Billing', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Billing and Invoices', level: 1 })).toBeVisible()
  await expect(page.getByText('No invoices found')).toBeVisible()
  await expectAccessible(page)

  // The New Invoice dialog starts with the defaults.
  await page.getByRole('link', { name: 'New Invoice' }).click()
  const newInvoice = page.getByRole('dialog', { name: 'New Invoice' })
  await expect(newInvoice.getByLabel('Payment terms')).toHaveValue('Net 30')
  await expect(newInvoice.getByLabel('Tax rate (%)')).toHaveValue('0')
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('billing-new-invoice.png') })
  await page.keyboard.press('Escape')
  await expect(newInvoice).toBeHidden()

  // From Requests, first with nothing picked.
  await page.getByRole('link', { name: 'From Requests' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Invoice from Requests' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Recipient name').fill('Pat Payer')
  await dialog.getByLabel('Recipient email').fill('pat@payer.test')
  await dialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(dialog.getByRole('alert')).toContainText('No requests selected')
  await expect(dialog.getByRole('alert')).toContainText('Please select at least one request to create an invoice')
  await expectAccessible(page)

  await page.screenshot({ path: test.info().outputPath('billing-from-requests.png') })
  await dialog.getByRole('checkbox', { name: new RegExp(first.orderNumber) }).check()
  await dialog.getByRole('checkbox', { name: new RegExp(second.orderNumber) }).check()
  await expect(dialog.getByLabel('Payment terms')).toHaveValue('Net 30')
  await dialog.getByLabel('Tax rate (%)').fill('8.875')
  await dialog.getByRole('button', { name: 'Create Invoice' }).click()
  await expect(page.getByTestId('toast')).toContainText('Invoice Created')
  await expect(dialog).toBeHidden()

  const number = `INV-${new Date().getUTCFullYear()}-0001`
  const row = page.getByTestId('invoice-row').filter({ hasText: number })
  await expect(row).toBeVisible()
  // 19.99 × 2 + 0.10 × 2 = 40.18; tax 8.875% = 3.566 → 3.57; total 43.75
  await expect(row).toContainText('$43.75')
  await expect(row).toContainText('Pat Payer')
  await expect(row).toContainText('Draft')
  await expect(row).toContainText('Not sent')
  await expect(page.getByTestId('stat-total-invoices')).toHaveText('1')
  await expect(page.getByTestId('stat-total-amount')).toHaveText('$43.75')
  await expectAccessible(page)
  await page.screenshot({ path: test.info().outputPath('billing-1280.png'), fullPage: true })
  // A phone: nothing may push the page sideways (the table scrolls inside its own box).
  const phone = await page.context().newPage()
  await phone.setViewportSize({ width: 360, height: 780 })
  await phone.goto('/billing')
  // On a phone each invoice is a card: the row itself, its column headers out of sight, its e-mail
  // status labelled on the card, the amount on the first line beside the number.
  const card = phone.getByTestId('invoice-row').filter({ hasText: number })
  await expect(card).toBeVisible()
  await expect(card).toContainText('$43.75')
  await expect(card).toContainText('Email')
  expect((await phone.getByTestId('invoice-table').locator('thead').boundingBox())!.width).toBeLessThanOrEqual(1)
  const numberBox = (await card.getByRole('cell').first().boundingBox())!
  const amountBox = (await card.getByRole('cell', { name: '$43.75' }).boundingBox())!
  expect(Math.abs(numberBox.y - amountBox.y)).toBeLessThan(8)
  // The row's actions show their icons, on the card as in the table.
  await expectIconDrawn(card.getByRole('link', { name: `Details of ${number}` }))
  await expectAccessible(phone)
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await phone.screenshot({ path: test.info().outputPath('billing-360.png'), fullPage: true })
  await phone.close()
})

test('an invoice’s details, its PDF, e-mailing it, then archive, restore and delete', async ({ page }) => {
  test.setTimeout(120_000)
  const { first, second } = await givenCompletedRequests(page)
  // The invoice the test above makes in its dialogs, made here through the API.
  const made = await page.request.post('/api/invoices/from-requests', {
    data: { requestIds: [first.id, second.id], invoiceData: { recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test', taxRate: '8.875' } },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(made.status()).toBe(201)
  await page.goto('/billing')
  const number = `INV-${new Date().getUTCFullYear()}-0001`
  const row = page.getByTestId('invoice-row').filter({ hasText: number })
  await expect(row).toContainText('$43.75')

  // Details show the lines with the request they came from.
  for (const name of [`Details of ${number}`, `Download PDF of ${number}`]) await expectIconDrawn(row.getByRole('link', { name }))
  await expectIconDrawn(row.getByRole('button', { name: `Archive ${number}` }))
  await row.getByRole('link', { name: `Details of ${number}` }).click()
  const details = page.getByRole('dialog', { name: `Invoice ${number}` })
  await expect(details.getByTestId('invoice-items')).toContainText('Glass Cleaner')
  await expect(details.getByTestId('invoice-items')).toContainText('Acme Cleaning')
  await expect(details.getByTestId('invoice-items')).toContainText('Delivered')
  await expect(details.getByTestId('invoice-total')).toHaveText('$43.75')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(details).toBeHidden()

  // The PDF.
  const download = page.waitForEvent('download')
  await row.getByRole('link', { name: `Download PDF of ${number}` }).click()
  const pdf = await download
  expect(pdf.suggestedFilename()).toBe(`${number}.pdf`)
  const pdfPath = await pdf.path()
  expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-')
  const text = await pdfText(fs.readFileSync(pdfPath))
  for (const expected of [number, 'Pat Payer', 'Glass Cleaner', 'Acme Cleaning', 'Paper Towels', 'Delivered', '$43.75', 'Net 30']) expect(text).toContain(expected)
  // The issuer block: the organisation's name, address, contact and tax number.
  for (const expected of ['Harbor Lane Properties', '7 Quay Street, Boston, MA 02110', 'accounts@harborlane.test · +1 617 555 0123', 'Tax ID: EIN 12-3456789']) {
    expect(text).toContain(expected)
  }
  fs.copyFileSync(pdfPath, test.info().outputPath('billing-invoice.pdf'))

  // E-mail it: first a confirmation names the recipient; Cancel sends nothing.
  await row.getByRole('link', { name: `E-mail ${number}` }).click()
  const confirmSend = page.getByRole('dialog', { name: `E-mail invoice ${number}` })
  await expect(confirmSend).toContainText(`Send invoice ${number} to pat@payer.test?`)
  await expect(confirmSend).toContainText('Harbor Lane Properties')
  await expectAccessible(page)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: test.info().outputPath('billing-email-confirm-1366.png') })
  await page.setViewportSize({ width: 1280, height: 900 })
  await confirmSend.getByRole('link', { name: 'Cancel' }).click()
  await expect(confirmSend).toBeHidden()
  await expect(row).toContainText('Not sent')
  const confirmHref = (await row.getByRole('link', { name: `E-mail ${number}` }).getAttribute('href'))!
  const phone360 = await page.context().newPage()
  await phone360.setViewportSize({ width: 360, height: 780 })
  await phone360.goto(confirmHref)
  await expect(phone360.getByRole('dialog', { name: `E-mail invoice ${number}` })).toBeVisible()
  expect(await phone360.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await phone360.screenshot({ path: test.info().outputPath('billing-email-confirm-360.png') })
  await phone360.close()
  // Confirmed, it goes: under MOCKS=true to the outbox, and counts as sent.
  await row.getByRole('link', { name: `E-mail ${number}` }).click()
  await confirmSend.getByRole('button', { name: 'Send invoice' }).click()
  await expect(page.getByTestId('toast')).toContainText('Email Sent to Outbox')
  await expect(confirmSend).toBeHidden()
  await expect(row.getByText('Sent', { exact: true })).toHaveCount(2)

  // Archive, restore, archive again and delete for good.
  await row.getByRole('button', { name: `Archive ${number}` }).click()
  await expect(page.getByTestId('toast')).toContainText('Invoice Archived')
  await expect(page.getByTestId('invoice-row')).toHaveCount(0)
  await page.getByRole('link', { name: /^Archived/ }).click()
  await expect(page).toHaveURL(/tab=archived/)
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Restore ${number}` }).click()
  await expect(page.getByTestId('toast')).toContainText('Invoice Restored')
  await expect(page.getByTestId('invoice-row')).toHaveCount(0)
  // Each tab is a navigation: let it land before acting on its rows, as a person would.
  await page.getByRole('link', { name: /^Active/ }).click()
  await expect(page).not.toHaveURL(/tab=archived/)
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Archive ${number}` }).click()
  await expect(page.getByTestId('toast')).toContainText('Invoice Archived')
  await expect(page.getByTestId('invoice-row')).toHaveCount(0)
  await page.getByRole('link', { name: /^Archived/ }).click()
  await expect(page).toHaveURL(/tab=archived/)
  await expect(row).toBeVisible()
  await row.getByRole('link', { name: `Delete ${number} permanently` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete invoice permanently?' })
  await expect(confirm).toBeVisible()
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Delete permanently' }).click()
  await expect(page.getByTestId('toast')).toContainText('Invoice Deleted')
  await expect(page.getByTestId('invoice-row')).toHaveCount(0)
  await page.getByRole('link', { name: /^All/ }).click()
  await expect(page.getByText('No invoices found')).toBeVisible()
})

test('four counters side by side show a total in the hundreds of thousands whole', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('billing-total'))
  const made = await page.request.post('/api/invoices', { data: { recipientName: 'Big Payer', recipientEmail: 'big@payer.test', subtotal: '123456.78' } })
  expect(made.status()).toBe(201)
  await page.goto('/billing')
  const total = page.getByTestId('stat-total-amount')
  await expect(total).toHaveText('$123,456.78')
  // Not cut off with an ellipsis: the text fits its box.
  expect(await total.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})
