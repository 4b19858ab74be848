// An owner reads the audit log in Settings, filters it by keyboard, exports it, and signs out everywhere.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

test('the owner filters the audit log by keyboard and exports it as CSV', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('audit'))
  await page.goto('/settings')
  await page.getByRole('switch', { name: 'Email notifications' }).uncheck()
  await expect(page.getByTestId('toast')).toContainText('Your preferences have been saved successfully.')
  await page.reload()

  const log = page.getByRole('region', { name: 'Audit log' })
  await expect(log.getByRole('cell', { name: 'settings.preferences_changed' })).toBeVisible()
  await expect(log.getByRole('cell', { name: 'user.signed_in' })).toBeVisible()
  await expectAccessible(page)

  await log.getByLabel('Action').focus()
  await page.keyboard.press('ArrowDown') // "Requests"
  await log.getByLabel('Action').selectOption('settings')
  await log.getByRole('button', { name: 'Filter' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/action=settings/)
  await expect(log.getByRole('cell', { name: 'settings.preferences_changed' })).toBeVisible()
  await expect(log.getByRole('cell', { name: 'user.signed_in' })).toHaveCount(0)

  const download = page.waitForEvent('download')
  await log.getByRole('link', { name: 'Export CSV' }).click()
  const csv = await (await download).createReadStream()
  const text = await new Promise<string>((resolve) => {
    let all = ''
    csv.on('data', (d) => (all += d.toString()))
    csv.on('end', () => resolve(all))
  })
  expect(text).toContain('settings.preferences_changed')
  expect(text).not.toContain('user.signed_in')
})

test('the owner signs out everywhere, and a second browser of theirs is signed out too', async ({ page, context }) => {
  const email = uniqueEmail('audit-out')
  await signInThroughForm(page, email)
  await page.goto('/settings')
  const other = await context.browser()!.newContext()
  const otherPage = await other.newPage()
  await signInThroughForm(otherPage, email)
  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/login/)
  await otherPage.goto('/settings')
  await expect(otherPage).toHaveURL(/\/login/)
  await other.close()
})
