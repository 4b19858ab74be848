// A product falls to its reorder point; the manager sees what to order, drafts the supplier's order
// in one step, sends it (a confirmation names the supplier's address) and receives part of it: on
// hand at the depot rises by what arrived (issue 37). With JavaScript and without it.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'
import { givenReorderPoint, managerApi, onHandAtFirstDepot } from './given'

test.use({ viewport: { width: 1366, height: 900 } })

// The first PDF after the server starts loads the PDF library: seconds on a busy machine.
const SLOW = { timeout: 20_000 }

test('a suggested purchase order is drafted, sent and partly received onto the shelf', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const email = uniqueEmail('purchasing')
  await signInThroughForm(page, email)
  const api = managerApi(page)
  const { supplier } = await api('post', '/api/suppliers', { name: 'Clean Supply Co', email: 'orders@cleansupply.test', phone: '+1 555 0100', leadTimeDays: 5 })
  const product = await api('post', '/api/products', { name: 'Paper towels' })
  // The product's supplier and cost are chosen in the Products form.
  await page.goto(`/products?edit=${product.id}`)
  const edit = page.getByRole('dialog', { name: 'Edit Product' })
  await edit.getByLabel('Supplier').selectOption({ label: supplier.name })
  await edit.getByLabel('Unit cost').fill('4.50')
  await page.screenshot({ path: testInfo.outputPath('product-form.png') })
  await edit.getByRole('button', { name: 'Update Product' }).click()
  await expect(page.getByTestId('toast')).toContainText('Product updated successfully.')

  await page.goto('/purchase-orders/suggestions')
  const setUp = page.getByRole('button', { name: 'Set up the main depot' })
  if (await setUp.isVisible()) await setUp.click()
  await expect(page.getByLabel('Depot')).toBeVisible()

  // Nothing on the shelf and a reorder point of 5: at or below it, so 5 + 20 are suggested.
  givenReorderPoint(email, product.id, 5, 20)
  await page.reload()
  const group = page.locator('section, div').filter({ has: page.getByRole('button', { name: 'Draft purchase order from Clean Supply Co' }) }).last()
  await expect(page.getByTestId('suggested-quantity')).toHaveText('25')
  await expectAccessible(page)
  await page.screenshot({ path: testInfo.outputPath('suggestions.png'), fullPage: true })
  await group.getByRole('button', { name: 'Draft purchase order from Clean Supply Co' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^PO-\d{4}-0001$/)
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!
  await expect(page.getByText('Draft', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Quantity of Paper towels')).toHaveValue('25')
  await page.screenshot({ path: testInfo.outputPath('draft.png'), fullPage: true })

  await page.getByRole('link', { name: 'Send to supplier' }).click()
  const confirm = page.getByRole('dialog', { name: `Send ${number}?` })
  await expect(confirm).toContainText('Clean Supply Co at orders@cleansupply.test')
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('toast')).toContainText(`${number} sent`, SLOW)
  await expect(page.getByText('Sent', { exact: true })).toBeVisible()

  // Received at the shelf, on a phone.
  await page.setViewportSize({ width: 360, height: 780 })
  await page.getByLabel('Arrived now of Paper towels').fill('10')
  await page.getByRole('button', { name: 'Record what arrived' }).click()
  await expect(page.getByTestId('toast')).toContainText(`Received on ${number}`)
  await expect(page.getByText('Partially received', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Arrived now of Paper towels')).toHaveValue('15')
  await page.screenshot({ path: testInfo.outputPath('partly-received.png'), fullPage: true })
  expect(onHandAtFirstDepot(email, product.id)).toBe(10)
  await expectAccessible(page)
  await page.setViewportSize({ width: 1366, height: 900 })

  await page.goto('/purchase-orders')
  await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('Partially received')
  await expectAccessible(page)
  await page.goto('/suppliers')
  await expect(page.getByRole('row', { name: /Clean Supply Co/ })).toContainText('5 days')
  await page.screenshot({ path: testInfo.outputPath('suppliers.png'), fullPage: true })
})
