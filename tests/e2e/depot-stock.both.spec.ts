// Issue 37's depot screens, with JavaScript and without: a manager finds the depot under Stock,
// receives stock with a note, sets a product's bin and reorder point, reads the ledger, and at a
// 360 px phone a count corrects a shelf while a movement made during the count still applies.
import type { Page } from '@playwright/test'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

async function givenProducts(page: Page, names: string[]) {
  const made: { id: string; name: string }[] = []
  for (const name of names) {
    const res = await page.request.post('/api/products', { data: { name, category: 'Cleaning' } })
    expect(res.ok(), await res.text()).toBe(true)
    made.push(await res.json())
  }
  return made
}

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}-${test.info().project.name}.png`, fullPage: true })
}

test('a manager receives stock, sets its bin and reorder point, and reads it in the ledger', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('depot-e2e'))
  await givenProducts(page, ['Paper Towels', 'Hand Soap'])
  await page.getByRole('navigation').getByRole('link', { name: 'Stock', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible()
  await shot(page, 'depots')
  await page.getByRole('link', { name: 'Main depot', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Main depot', level: 1 })).toBeVisible()

  await page.getByRole('link', { name: 'Record for Paper Towels' }).click()
  await page.getByLabel('Reason', { exact: true }).selectOption('receive')
  await page.getByLabel('Quantity', { exact: true }).fill('20')
  await page.getByLabel('Note', { exact: true }).fill('Pallet from Acme')
  await page.getByRole('button', { name: 'Record movement' }).click()
  await expect(page.getByText('On hand is now 20.')).toBeVisible()

  await page.getByLabel('Reorder point').fill('25')
  await page.getByLabel('Reorder quantity').fill('40')
  await page.getByLabel('Bin', { exact: true }).fill('A-01')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Reorder Settings Saved')).toBeVisible()
  const row = page.getByRole('row', { name: /Paper Towels/ })
  await expect(row.getByRole('cell').first()).toHaveText('A-01')
  await expect(row).toContainText('20 low')
  // In bin order: the product with a bin comes before the one without.
  await expect(page.locator('#stock-table tbody th')).toHaveText(['Paper Towels', 'Hand Soap'])
  await shot(page, 'depot-stock')
  await expectAccessible(page)

  await page.getByRole('navigation', { name: 'Depot' }).getByRole('link', { name: 'Ledger' }).click()
  const line = page.getByRole('row', { name: /Paper Towels/ })
  await expect(line).toContainText('+20')
  await expect(line).toContainText('Received')
  await expect(line).toContainText('Pallet from Acme')
  await shot(page, 'ledger')
  await page.getByRole('navigation', { name: 'Depot' }).getByRole('link', { name: 'Days of cover' }).click()
  await expect(page.getByRole('row', { name: /Paper Towels/ })).toContainText('20')
  await shot(page, 'cover')
})

test('at a 360 px phone, a count corrects a shelf and keeps what moved while it was open', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signInThroughForm(page, uniqueEmail('count-e2e'))
  const [towels] = await givenProducts(page, ['Paper Towels', 'Hand Soap'])
  const { depots } = await (await page.request.get('/api/depots')).json()
  const depotId = depots[0].id as string
  expect((await page.request.post('/api/stock/movements', { data: { depotId, productId: towels!.id, quantity: 20, reason: 'receive' } })).status()).toBe(201)

  await page.goto(`/depots/${depotId}/count`)
  await page.getByRole('button', { name: 'Start a count' }).click()
  await expect(page.getByText('Count Opened')).toBeVisible()
  // While the shelf is counted, two are found damaged elsewhere and taken off.
  expect((await page.request.post('/api/stock/movements', { data: { depotId, productId: towels!.id, quantity: 2, reason: 'damage' } })).status()).toBe(201)

  // The shelf held 17 when the count was opened (three had gone missing): 17 − 20 = −3, and the damage still applies.
  await page.getByLabel('Paper Towels').fill('17')
  await page.getByRole('button', { name: 'Save Paper Towels' }).click()
  await expect(page.getByText('-3; on hand is now 15.')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'Paper Towels' })).toContainText('counted 17')
  await expect(page.getByRole('button', { name: 'Recount Paper Towels' })).toBeVisible()
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await shot(page, 'count-360')
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Close the count' }).click()
  await expect(page.getByText('Count Closed')).toBeVisible()
  const { stock } = await (await page.request.get(`/api/depots/${depotId}/stock`)).json()
  expect(stock.find((s: { productId: string }) => s.productId === towels!.id)).toMatchObject({ onHand: 15 })
})

test('an owner renames the first depot and gives it an address; Stock lists it under its new name', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('depot-rename'))
  await page.goto('/depots')
  await page.getByRole('link', { name: 'Main depot', exact: true }).click()
  await page.getByRole('link', { name: 'Edit depot' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit depot' })
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Main depot')
  // A blank name is refused in the dialog, which stays open with the reason.
  await dialog.getByLabel('Name', { exact: true }).fill(' ')
  await dialog.getByRole('button', { name: 'Save depot' }).click()
  await expect(dialog.getByText('Give the depot a name.')).toBeVisible()
  await shot(page, 'depot-edit')
  await dialog.getByLabel('Name', { exact: true }).fill('Harbor yard')
  await dialog.getByLabel('Address (optional)').fill('1 Quay Street, Portland')
  await dialog.getByRole('button', { name: 'Save depot' }).click()
  await expect(page.getByText('Depot Saved')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Harbor yard', level: 1 })).toBeVisible()
  await expect(page.getByText('1 Quay Street, Portland')).toBeVisible()
  await page.goto('/depots')
  await expect(page.getByRole('link', { name: 'Harbor yard', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Main depot', exact: true })).toHaveCount(0)
})
