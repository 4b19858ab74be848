import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

test('a manager signs in through the real form and lands on the dashboard with the sidebar', async ({ page }) => {
  await page.goto('/properties')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproperties/)
  await expect(page.getByRole('heading', { name: 'Welcome to Stockrun' })).toBeVisible()
  await expect(page.getByText('Sign in with your Replit account to continue')).toBeVisible()
  await expectAccessible(page)
  await signInThroughForm(page, uniqueEmail())
  await expect(page.getByRole('heading', { name: 'Request Management' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Logistics', 'Requests', 'Products', 'QR Codes', 'Stock', 'Purchase orders', 'Suppliers', 'Dispatch', 'Billing', 'Reports', 'Notifications'])
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)
})

test('an unknown address shows the 404 page', async ({ page }) => {
  const res = await page.goto('/this-does-not-exist')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('signing out returns to /login and the dashboard is closed again', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('leaver'))
  await page.getByRole('button', { name: /Sign out/ }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
})
