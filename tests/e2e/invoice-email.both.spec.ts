// E-mailing an invoice asks first, naming the recipient and the sender (issue 34, item 8): with
// JavaScript a dialog over the list, without it a step of its own; Cancel sends nothing, the
// confirmation's button sends (the e2e server runs with MOCKS=true, so to the outbox).
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenOrganisationIdentity } from './given'

test.use({ viewport: { width: 1366, height: 900 } })

// The first PDF after the server starts loads the PDF library: seconds on a busy machine.
const SLOW = { timeout: 20_000 }

test('e-mailing an invoice asks first, naming the recipient; Cancel sends nothing, Send invoice sends', async ({ page }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('invoice-confirm')
  await signInThroughForm(page, email)
  givenOrganisationIdentity(email, { name: 'Harbor Lane Properties', address: '7 Quay Street, Boston', contactEmail: 'accounts@harborlane.test', contactPhone: '+1 617 555 0123', taxId: 'EIN 12-3456789' })
  const invoice = await (await page.request.post('/api/invoices', { data: { recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test', subtotal: '12.50' } })).json()
  const number = invoice.invoiceNumber as string
  await page.goto('/billing')
  const row = page.getByTestId('invoice-row').filter({ hasText: number })

  await row.getByRole('link', { name: `E-mail ${number}` }).click()
  const confirm = page.getByRole('dialog', { name: `E-mail invoice ${number}` })
  await expect(confirm).toContainText(`Send invoice ${number} to pat@payer.test?`)
  await expect(confirm.getByTestId('invoice-email-summary')).toContainText('Harbor Lane Properties')
  await expect(confirm.getByTestId('invoice-email-summary')).toContainText('$12.50')
  await expectAccessible(page)
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(row).toContainText('Not sent')

  await row.getByRole('link', { name: `E-mail ${number}` }).click()
  await confirm.getByRole('button', { name: 'Send invoice' }).click()
  await expect(page.getByTestId('toast')).toContainText('Email Sent to Outbox', SLOW)
  await expect(page.getByTestId('toast')).toContainText(`Invoice ${number} for Pat Payer (pat@payer.test) written to the local outbox`)
  await expect(confirm).toBeHidden()
  await expect(row.getByText('Sent', { exact: true })).toHaveCount(2)

  // Sent once, the confirmation says so before it goes again.
  await row.getByRole('link', { name: `E-mail ${number}` }).click()
  await expect(confirm).toContainText('It was already sent on')
  await confirm.getByRole('button', { name: 'Send again' }).click()
  await expect(confirm).toBeHidden(SLOW)
  await expect(page.getByTestId('toast')).toContainText(`Invoice ${number} for Pat Payer (pat@payer.test) written to the local outbox`)
})
