import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the sidebar opens from its toggle, locks the page, and closes on Escape, outside taps and navigation', async ({ page }) => {
    await signInThroughForm(page, uniqueEmail('phone'))
    const sidebar = page.locator('#sidebar')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await expect(sidebar).toHaveAttribute('data-open', 'false')
    await expect(sidebar.getByRole('link', { name: 'Products' })).not.toBeInViewport()

    await toggle.click()
    await expect(sidebar).toHaveAttribute('data-open', 'true')
    await expect(sidebar.getByRole('link', { name: 'Products' })).toBeInViewport()
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(sidebar).toHaveAttribute('data-open', 'false')
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 340, y: 400 } })
    await expect(sidebar).toHaveAttribute('data-open', 'false')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await sidebar.getByRole('link', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/settings$/)
    await expect(sidebar).toHaveAttribute('data-open', 'false')
    await expectAccessible(page)
  })
})

test('settings show the account and save a preference as soon as its switch flips', async ({ page }) => {
  const email = uniqueEmail('settings')
  await signInThroughForm(page, email)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible()
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible()
  await expect(page.getByText('owner', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Test Sound' })).toBeVisible()

  await page.getByRole('switch', { name: 'Sound notifications' }).uncheck()
  await expect(page.getByTestId('toast')).toContainText('Your preferences have been saved successfully.')
  await expect(page.getByRole('button', { name: 'Test Sound' })).toBeHidden()
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Sound notifications' })).not.toBeChecked()

  // A new organisation's owner does not run the deployment (system-settings.both.spec.ts).
  await expect(page.getByRole('heading', { name: 'System Administration' })).toHaveCount(0)
  await expectAccessible(page)
})

test('a switch flipped before the page’s script has loaded is saved once it has', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('early'))
  // A slow phone: the page's scripts arrive only after the manager has flipped the switch.
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  const scripts = /\/build\/.*\.js$/
  await page.route(scripts, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto('/settings', { waitUntil: 'commit' })
  await page.getByRole('switch', { name: 'Email notifications' }).uncheck()
  await page.getByRole('switch', { name: 'Sound notifications' }).uncheck()
  await expect(page.getByTestId('toast')).toHaveCount(0)

  release()
  await expect(page.getByTestId('toast')).toContainText('Your preferences have been saved successfully.')
  // The page follows the switches it was sent with: no sound to test once sounds are off.
  await expect(page.getByRole('button', { name: 'Test Sound' })).toBeHidden()
  await page.unroute(scripts)
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Sound notifications' })).not.toBeChecked()
})
