// The registration switch belongs to whoever runs the deployment (issue 26, decision 072): the owner
// of any other organisation never sees it; the operator's owner does, and saves it.
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

test('the owner of a second organisation sees no System Administration card', async ({ page }) => {
  await signInThroughForm(page, uniqueEmail('second-org'))
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Notification Preferences' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'System Administration' })).toHaveCount(0)
  await expect(page.getByRole('switch', { name: 'Allow New Organization Registration' })).toHaveCount(0)
  await expectAccessible(page)
})

test('the operator’s owner sees the registration switch and can save it', async ({ page, javaScriptEnabled }) => {
  await signInThroughForm(page, 'operator@stockrun.test')
  await page.goto('/settings')
  const card = page.getByRole('heading', { name: 'System Administration' })
  await expect(card).toBeVisible()
  const registration = page.getByRole('switch', { name: 'Allow New Organization Registration' })
  await expect(registration).toBeChecked()
  await registration.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `test-results/system-settings-${javaScriptEnabled ? 'js' : 'nojs'}.png`, fullPage: true })
  await expectAccessible(page)
  // Other journeys sign newcomers up at the same time: save it open rather than close sign-up under them.
  if (javaScriptEnabled) {
    // Flipping the switch would close sign-up for a moment: the same change, asked the way the switch asks it.
    const origin = new URL(page.url()).origin
    const saved = await page.request.put('/api/admin/system-settings', { data: { registration_enabled: true }, headers: { Origin: origin } })
    expect(saved.status()).toBe(200)
    expect(await saved.json()).toMatchObject({ registration_enabled: true, message: 'New organisation registration is now open.' })
  } else {
    await page.getByRole('button', { name: 'Save system settings' }).click()
    await expect(page.getByTestId('toast')).toContainText('New organisation registration is now open.')
  }
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Allow New Organization Registration' })).toBeChecked()
})
