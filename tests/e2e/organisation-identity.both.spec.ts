// The organisation's identity and clock from the start (issue 34), with JavaScript and without: an
// owner signs up from a Berlin browser and lands on the first-run step (the zone preselected with
// JavaScript; without it the page asks and nothing pretends UTC was chosen), names the organisation,
// sets its depot and goes on to the dashboard; later renames it in Settings, and the sidebar says so.
import { expect, expectAccessible, test, uniqueEmail } from './fixtures'

test.use({ timezoneId: 'Europe/Berlin' })
// Two cores shared by many: an answer after a form post may take longer than expect's usual 5 s.
const AFTER_POST = { timeout: 20_000 }

const shot = (name: string) => test.info().outputPath(`${name}-${test.info().project.name}.png`)

test('an owner signs up, sets the name, zone and depot on the first-run step, and renames the organisation in Settings', async ({ page }) => {
  test.setTimeout(90_000)
  const jsOn = test.info().project.use.javaScriptEnabled !== false
  await page.goto('/login')
  // Also lets the page come alive first: the form adds the browser's zone as it is sent.
  await expectAccessible(page)
  await page.getByLabel('E-mail (optional)').fill(uniqueEmail('identity-owner'))
  await page.getByRole('button', { name: /Sign in with/ }).click()
  await page.waitForURL((url) => url.pathname === '/welcome')
  await expect(page.getByRole('heading', { name: 'Set up your organisation' })).toBeVisible()
  const zone = page.getByLabel('Time zone')
  if (jsOn) {
    // The login form sent the browser's zone: the organisation already runs on it, and the step says where it came from.
    await expect(zone).toHaveValue('Europe/Berlin')
    await expect(page.getByText('Taken from your browser when you signed up.')).toBeVisible()
  } else {
    // Nothing told the server the zone: the step asks, and does not show UTC as chosen.
    await expect(zone).toHaveValue('')
    await expect(page.getByText('Stockrun could not tell your time zone')).toBeVisible()
    await expect(page.getByText('Skipping keeps times in UTC until you choose a time zone in Settings.')).toBeVisible()
  }
  await expectAccessible(page)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: shot('welcome-1366'), fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.screenshot({ path: shot('welcome-360'), fullPage: true })

  // A blank name is answered beside the field, and nothing is saved.
  await page.getByLabel('Organisation name').fill('')
  if (!jsOn) await zone.selectOption('Europe/Berlin')
  await page.getByLabel('Organisation name').evaluate((input: HTMLInputElement) => input.removeAttribute('required'))
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText("Enter the organisation's name")).toBeVisible(AFTER_POST)
  await expect(page).toHaveURL(/\/welcome$/)

  await page.getByLabel('Organisation name').fill('Lindenhof Hausverwaltung GmbH')
  await zone.selectOption('Europe/Berlin')
  await page.getByLabel('Depot address (optional)').fill('Lindenstraße 12, 10969 Berlin')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByText('Lindenhof Hausverwaltung GmbH is set up')).toBeVisible(AFTER_POST)
  await expect(page.getByText('Every date and time reads in Europe/Berlin.')).toBeVisible()
  await page.setViewportSize({ width: 1366, height: 900 })
  await expect(page.getByTestId('organisation-name')).toHaveText('Lindenhof Hausverwaltung GmbH')

  // Later, in Settings: a typo is answered beside its field; then the new name shows in the sidebar at once.
  await page.goto('/settings')
  const card = page.getByTestId('organisation-identity')
  await expect(card.getByRole('heading', { name: 'Organisation', exact: true })).toBeVisible()
  await expect(card.getByLabel('Name', { exact: true })).toHaveValue('Lindenhof Hausverwaltung GmbH')
  await card.getByLabel('Name', { exact: true }).fill('Lindenhof Immobilien GmbH')
  await card.getByLabel('Postal address').fill('Lindenstraße 12\n10969 Berlin')
  await card.getByLabel('Contact e-mail').fill('buero@lindenhof')
  await card.getByLabel('Contact e-mail').evaluate((input: HTMLInputElement) => (input.type = 'text'))
  await card.getByLabel('Contact phone').fill('+49 30 1234 5678')
  await card.getByLabel('Tax or registration number (optional)').fill('DE123456789')
  await card.getByRole('button', { name: 'Save organisation' }).click()
  await expect(page.getByText('Enter a valid e-mail address, e.g. office@company.com')).toBeVisible(AFTER_POST)
  await expect(page.getByTestId('organisation-name')).toHaveText('Lindenhof Hausverwaltung GmbH')
  await card.getByLabel('Contact e-mail').fill('buero@lindenhof.example')
  await card.getByRole('button', { name: 'Save organisation' }).click()
  await expect(page.getByText('Organisation Saved')).toBeVisible(AFTER_POST)
  await expect(page.getByTestId('organisation-name')).toHaveText('Lindenhof Immobilien GmbH')
  await expect(card.getByLabel('Postal address')).toHaveValue('Lindenstraße 12\n10969 Berlin')
  await expectAccessible(page)
  await card.screenshot({ path: shot('settings-organisation-1366') })
  await page.setViewportSize({ width: 360, height: 780 })
  await card.scrollIntoViewIfNeeded()
  await card.screenshot({ path: shot('settings-organisation-360') })
})
