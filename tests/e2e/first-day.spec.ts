// A real company's first day (issue 34), played in Chromium as one five-person company would: the
// owner signs up from a Berlin browser and names the organisation, invites an admin and a member who
// join from their e-mails, vendors send an urgent request with JavaScript and a plain one without, a
// run is built on Dispatch with a suggestion, a runner delivers it from a phone without JavaScript,
// and an invoice goes out. Each step asserts on screen what the issue asks, no page of any browser
// logs an error, and each screen the issue touched is photographed at 1366 and 360 px.
// One company's day, so the steps run in order and hand on what they made (serial).
import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { E2E_DATABASE } from '../../other/playwright.config'
import { pdfText } from '../support/pdf'
import { expect, expectAccessible, signInThroughForm, test, uniqueEmail } from './fixtures'

const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE, viewport: { width: 1366, height: 900 } })

const OUTBOX = path.join(path.dirname(E2E_DATABASE), `outbox-${process.env.E2E_PORT ?? 3210}`)
const SHOTS = '/tmp/day-shots'
// Two cores shared by many: an answer after a form post may take longer than expect's usual 10 s.
const AFTER_POST = { timeout: 20_000 }

const COMPANY = 'Lindenhof Immobilien GmbH'
const ADDRESS = 'Lindenstraße 12, 10969 Berlin'

/** What one test's step made and the next needs. */
const day = {
  ownerEmail: uniqueEmail('day-owner'),
  propertyId: '',
  urgent: { orderNumber: '', trackPath: '' },
  plain: { orderNumber: '', trackPath: '' },
  portalPath: '',
}

/** Every console error and uncaught exception of every page in these browsers, for the end of the test. */
function errorsOf(...contexts: BrowserContext[]) {
  const errors: string[] = []
  const watch = (page: Page) => {
    page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`))
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
  }
  for (const context of contexts) {
    context.pages().forEach(watch)
    context.on('page', watch)
  }
  return {
    add: (context: BrowserContext) => {
      context.pages().forEach(watch)
      context.on('page', watch)
    },
    expectNone: () => expect(errors, 'console errors and page errors').toEqual([]),
  }
}

/** The screen at 1366 and 360 px, kept with the test's output and copied to /tmp/day-shots. */
async function shots(page: Page, name: string) {
  const before = page.viewportSize()
  fs.mkdirSync(SHOTS, { recursive: true })
  for (const [width, height] of [
    [1366, 900],
    [360, 780],
  ] as const) {
    await page.setViewportSize({ width, height })
    const file = test.info().outputPath(`${name}-${width}.png`)
    // Finished transitions: the sidebar slides away when the width drops, and mid-slide is no picture of the page.
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
    // Nothing may push a phone's page sideways (a table scrolls inside its own box).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect.soft(overflow, `${name} at ${width} px: how much wider than the screen the page is`).toBeLessThanOrEqual(0)
    fs.copyFileSync(file, path.join(SHOTS, `${name}-${width}.png`))
  }
  if (before) await page.setViewportSize(before)
}

async function browserOf(browser: Browser, options: { javaScriptEnabled: boolean; phone?: boolean }) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled,
    timezoneId: ZONE,
    viewport: options.phone ? { width: 360, height: 780 } : { width: 1366, height: 900 },
  })
  return { context, page: await context.newPage() }
}

/** The newest e-mail to this address in the mocked outbox, soft line breaks undone. */
async function mailTo(email: string, containing = '') {
  let found: string | undefined
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort().reverse() : []
      found = files.map((f) => fs.readFileSync(path.join(OUTBOX, f), 'utf8').replace(/=\r?\n/g, '')).find((raw) => raw.includes(`To: ${email}`) && raw.includes(containing))
      return found
    }, AFTER_POST)
    .toBeDefined()
  return found!
}

async function ownerSignsIn(page: Page) {
  await signInThroughForm(page, day.ownerEmail)
  await expect(page.getByTestId('organisation-name')).toHaveText(COMPANY)
}

test.describe.serial('a property company’s first day', () => {
  // Each step takes 10 to 30 s here; room for a machine half as fast and busy (decision 116).
  test.describe.configure({ timeout: 90_000 })
  test('the owner signs up from a Berlin browser, names the organisation and fills in its identity', async ({ page }) => {
    const errors = errorsOf(page.context())
    await page.goto('/login')
    // The form adds the browser's zone once the page has come alive.
    await expect(page.locator('input[name=timeZone]')).toHaveValue(ZONE)
    await page.getByLabel('E-mail (optional)').fill(day.ownerEmail)
    await page.getByRole('button', { name: /Sign in with/ }).click()
    await page.waitForURL((url) => url.pathname === '/welcome')
    await expect(page.getByRole('heading', { name: 'Set up your organisation' })).toBeVisible()
    await expect(page.getByLabel('Time zone')).toHaveValue(ZONE)
    await expect(page.getByText('Taken from your browser when you signed up.')).toBeVisible()
    await expectAccessible(page)
    await shots(page, '01-welcome')

    await page.getByLabel('Organisation name').fill('Lindenhof Hausverwaltung')
    await page.getByLabel('Depot address (optional)').fill('Depot Ritterstraße 3, 10969 Berlin')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect(page.getByText('Lindenhof Hausverwaltung is set up')).toBeVisible(AFTER_POST)
    await expect(page.getByText(`Every date and time reads in ${ZONE}.`)).toBeVisible()
    await expect(page.getByTestId('organisation-name')).toHaveText('Lindenhof Hausverwaltung')

    // Settings: the legal name, postal address, contact and tax number; the sidebar follows at once.
    await page.getByRole('link', { name: 'Settings' }).first().click()
    const card = page.getByTestId('organisation-identity')
    await expect(card.getByLabel('Name', { exact: true })).toHaveValue('Lindenhof Hausverwaltung')
    await card.getByLabel('Name', { exact: true }).fill(COMPANY)
    await card.getByLabel('Postal address').fill(ADDRESS)
    await card.getByLabel('Contact e-mail').fill('buero@lindenhof.example')
    await card.getByLabel('Contact phone').fill('+49 30 1234 5678')
    await card.getByLabel('Tax or registration number (optional)').fill('DE123456789')
    await card.getByRole('button', { name: 'Save organisation' }).click()
    await expect(page.getByText('Organisation Saved')).toBeVisible(AFTER_POST)
    await expect(page.getByTestId('organisation-name')).toHaveText(COMPANY)
    await expect(card.getByLabel('Postal address')).toHaveValue(ADDRESS)
    await expectAccessible(page)
    await shots(page, '02-settings')
    const settings = await (await page.request.get('/api/organisation/settings')).json()
    expect(settings).toMatchObject({ name: COMPANY, address: ADDRESS, contactEmail: 'buero@lindenhof.example', contactPhone: '+49 30 1234 5678', taxId: 'DE123456789' })
    errors.expectNone()
  })

  test('the owner invites an admin and a member; each joins from the e-mail in the organisation’s name', async ({ page, browser }) => {
    const errors = errorsOf(page.context())
    await ownerSignsIn(page)
    const people = [
      { email: uniqueEmail('day-admin'), role: 'Admin' as const },
      { email: uniqueEmail('day-member'), role: 'Member' as const },
    ]
    for (const { email, role } of people) {
      await page.goto('/team')
      await page.getByRole('link', { name: 'Invite someone' }).click()
      const dialog = page.getByRole('dialog', { name: 'Invite someone' })
      await dialog.getByLabel('E-mail').fill(email)
      await dialog.getByLabel('Role').selectOption({ label: role })
      await dialog.getByRole('button', { name: 'Send invitation' }).click()
      await expect(page.getByText('Invitation Sent')).toBeVisible(AFTER_POST)
    }
    const rows = page.getByTestId('invitation-row')
    await expect(rows).toHaveCount(2)
    await shots(page, '03-team-invited')

    for (const { email, role } of people) {
      const mail = await mailTo(email, '/invite/')
      // The sender is the organisation, and the expiry reads as on the Team page (the Berlin clock).
      expect(mail).toMatch(new RegExp(`^From: "?${COMPANY}"? <`, 'm'))
      const expiry = /expires ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(mail)?.[1]
      expect(expiry, 'the expiry date in the e-mail').toBeDefined()
      await expect(rows.filter({ hasText: email })).toContainText(`expires ${expiry}`)
      const link = new URL(/https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/.exec(mail)![0]).pathname

      const colleague = await browserOf(browser, { javaScriptEnabled: true })
      errors.add(colleague.context)
      await colleague.page.goto(link)
      await expect(colleague.page.getByText(`Sign in with ${email} to accept.`)).toBeVisible()
      await colleague.page.getByRole('button', { name: /^Sign in with/ }).click()
      await colleague.page.getByRole('button', { name: 'Accept invitation' }).click()
      await colleague.page.waitForURL((url) => url.pathname === '/')
      await expect(colleague.page.getByTestId('organisation-name')).toHaveText(COMPANY)
      await colleague.page.goto('/team')
      await expect(colleague.page.getByTestId('member-row').filter({ hasText: email })).toContainText(role)
      await colleague.context.close()
    }
    await page.reload()
    await expect(page.getByTestId('member-row')).toHaveCount(3)
    await expect(rows).toHaveCount(0)
    await shots(page, '04-team')
    errors.expectNone()
  })

  test('vendors send an urgent request with JavaScript and a plain one without; urgent work leads', async ({ page, browser }) => {
    const errors = errorsOf(page.context())
    await ownerSignsIn(page)
    const api = page.request
    // Handover codes are asked at the door: the runner reads them from the vendors later.
    expect((await api.put('/api/organisation/settings', { data: { requireHandoverCode: true } })).ok()).toBe(true)
    const property = await (await api.post('/api/properties', { data: { name: 'Haus am Park', address: 'Parkstraße 5, 10117 Berlin', isActive: true, qrCodeActive: true } })).json()
    for (const data of [
      { name: 'Hand Soap Refill', category: 'Guest Amenities', price: '7.99' },
      { name: 'Bath Towels', category: 'Linen', price: '12.50' },
    ]) {
      const product = await (await api.post('/api/products', { data })).json()
      expect((await api.post(`/api/properties/${property.id}/products`, { data: { productId: product.id } })).status()).toBe(201)
    }
    day.propertyId = property.id

    // The plain one first, from a phone without JavaScript.
    const plain = await browserOf(browser, { javaScriptEnabled: false, phone: true })
    errors.add(plain.context)
    await plain.page.goto(`/vendor/${property.id}/request?lang=en`)
    await plain.page.getByRole('button', { name: 'Add to cart: Bath Towels' }).click()
    await plain.page.getByRole('link', { name: 'Review and send' }).click()
    const plainDialog = plain.page.getByRole('dialog', { name: 'Finalize Request' })
    await plainDialog.getByLabel('Your name').fill('Paul Plain')
    await plainDialog.getByRole('button', { name: 'Submit Request' }).click()
    await expect(plain.page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible(AFTER_POST)
    day.plain.orderNumber = (await plain.page.getByTestId('order-number').textContent())!.trim()
    day.plain.trackPath = new URL(await plain.page.getByRole('link', { name: 'Track your request' }).evaluate((a: HTMLAnchorElement) => a.href)).pathname
    await plain.context.close()

    // Then the urgent one, with JavaScript, needed tomorrow at two, and the vendor asks to be kept posted.
    const rush = await browserOf(browser, { javaScriptEnabled: true, phone: true })
    errors.add(rush.context)
    await rush.page.goto(`/vendor/${property.id}/request?lang=en`)
    await rush.page.getByRole('button', { name: 'Add to cart: Hand Soap Refill' }).click()
    await expect(rush.page.getByTestId('cart-count')).toHaveText('1 item')
    await rush.page.getByRole('link', { name: 'Review and send' }).click()
    const rushDialog = rush.page.getByRole('dialog', { name: 'Finalize Request' })
    await rushDialog.getByLabel('Your name').fill('Ulla Urgent')
    await rushDialog.getByLabel('This is urgent').check()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await rushDialog.getByLabel('Needed by (optional)').fill(`${tomorrow}T14:00`)
    await rushDialog.getByRole('button', { name: 'Submit Request' }).click()
    await expect(rush.page.getByRole('heading', { name: 'Request Submitted!' })).toBeVisible(AFTER_POST)
    day.urgent.orderNumber = (await rush.page.getByTestId('order-number').textContent())!.trim()
    await rush.page.getByRole('link', { name: 'Track your request' }).click()
    day.urgent.trackPath = new URL(rush.page.url()).pathname
    await expect(rush.page.getByRole('heading', { name: new RegExp(`${day.urgent.orderNumber}.*Urgent`) })).toBeVisible()
    await expect(rush.page.getByTestId('tracking-needed-by')).toContainText('Needed by')
    await rush.page.getByLabel('E-mail').fill('ulla@vendor.test')
    await rush.page.getByRole('button', { name: 'Keep me posted' }).click()
    await expect(rush.page.getByTestId('notify-listening')).toContainText('@vendor.test', AFTER_POST)
    await expect(rush.page.getByTestId('notify-listening')).not.toContainText('ulla@')
    await rush.context.close()

    // The owner's dashboard: the urgent one first with its badge and needed-by, and counted.
    await page.goto('/')
    const cards = page.getByTestId('request-card')
    await expect(cards.first()).toContainText(day.urgent.orderNumber)
    await expect(cards.first().getByText('Urgent', { exact: true })).toBeVisible()
    await expect(cards.first().getByTestId('needed-by')).toHaveText(/^Needed by \w{3} \d{1,2}, \d{4}, 2:00 PM$/)
    await expect(cards.filter({ hasText: day.plain.orderNumber }).getByText('Urgent', { exact: true })).toHaveCount(0)
    await expect(page.getByTestId('urgent-waiting')).toContainText('1 urgent request waits for a runner')
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(/, 1 urgent request waits for a runner$/)
    await shots(page, '05-dashboard')

    await page.goto('/requests')
    const rows = page.getByTestId('request-row')
    await expect(rows).toHaveCount(2)
    await expect(page.getByLabel('Order')).toHaveValue('urgent')
    await expect(rows.nth(0)).toContainText(day.urgent.orderNumber)
    await expect(rows.nth(0).getByText('Urgent', { exact: true })).toBeVisible()
    await expect(rows.nth(0).getByTestId('needed-by')).toHaveText(/^Needed by .+ 2:00 PM$/)
    await expect(rows.nth(1)).toContainText(day.plain.orderNumber)
    await shots(page, '06-requests')
    errors.expectNone()
  })

  test('a run is built on Dispatch with a suggestion, after adding a runner whose link is shown', async ({ page }) => {
    const errors = errorsOf(page.context())
    await ownerSignsIn(page)
    expect((await page.request.post('/api/runners', { data: { name: 'Karl Kurier', phone: '+49 151 0000 0002' } })).ok()).toBe(true)
    await page.goto('/dispatch')
    await page.getByRole('link', { name: 'Add Runner' }).click()
    const add = page.getByRole('dialog', { name: 'Add Runner' })
    await add.getByLabel('Name').fill('Rosa Rad')
    await add.getByLabel('Phone').fill('+49 151 0000 0001')
    await add.getByRole('button', { name: 'Add Runner' }).click()
    const panel = page.getByRole('region', { name: 'Runner Added: Rosa Rad' })
    await expect(panel).toBeVisible(AFTER_POST)
    const link = await panel.getByLabel('Portal link').inputValue()
    expect(link).toMatch(/^https?:\/\/[^/]+\/runner\/[\w-]+\/[\w%-]+$/)
    await expect(panel).toContainText('Send Rosa Rad this link')
    await expect(panel.getByRole('link', { name: 'Send by SMS' })).toBeVisible()
    expect(await page.locator('body').innerText()).not.toMatch(/auth token/i)
    await expectAccessible(page)
    await shots(page, '07-dispatch-link-panel')
    day.portalPath = new URL(link).pathname
    await panel.getByRole('button', { name: 'Dismiss' }).click()
    await expect(panel).toHaveCount(0)

    await page.getByLabel(`Add ${day.urgent.orderNumber} to the run`).check()
    await page.getByLabel(`Add ${day.plain.orderNumber} to the run`).check()
    await page.getByRole('button', { name: 'Suggest Runners' }).click()
    const suggested = page.getByTestId('run-suggestions')
    await expect(suggested.getByRole('heading', { name: 'Suggested for the 2 ticked orders' })).toBeVisible(AFTER_POST)
    await expect(page.getByTestId('run-suggestion')).toHaveCount(2)
    // Nobody shared a position yet: every reason says so, none pretends "0 km".
    for (const reason of await page.getByTestId('run-suggestion').allInnerTexts()) expect(reason).toContain('No position shared')
    await expect(suggested).not.toContainText('0 km')
    await expectAccessible(page)
    await shots(page, '08-dispatch-suggestions')
    await suggested.getByRole('button', { name: 'Pick Rosa Rad' }).click()
    await expect(suggested.getByRole('button', { name: 'Picked Rosa Rad' })).toBeVisible()
    await expect(page.getByLabel('Runner for the ticked orders').locator('option:checked')).toHaveText('Rosa Rad')
    await page.getByRole('button', { name: 'Make Run' }).click()
    await expect(page.getByTestId('toast')).toContainText('for Rosa Rad', AFTER_POST)
    await expect(page.getByRole('listitem', { name: 'Run for Rosa Rad' })).toBeVisible()
    await shots(page, '09-dispatch-run')
    errors.expectNone()
  })

  test('the runner delivers from a 360 px phone without JavaScript; the vendor sees when', async ({ page, browser }) => {
    const errors = errorsOf(page.context())
    await ownerSignsIn(page)
    const phone = await browserOf(browser, { javaScriptEnabled: false, phone: true })
    const vendor = await browserOf(browser, { javaScriptEnabled: false, phone: true })
    errors.add(phone.context)
    errors.add(vendor.context)
    const codes: Record<string, string> = {}
    for (const { orderNumber, trackPath } of [day.urgent, day.plain]) {
      await vendor.page.goto(trackPath)
      codes[orderNumber] = (await vendor.page.getByTestId('handover-code').innerText()).trim()
    }

    const runner = phone.page
    await runner.goto(day.portalPath)
    await expect(runner.getByRole('heading', { name: 'Hello, Rosa Rad' })).toBeVisible()
    const card = (orderNumber: string) => runner.locator('section[aria-labelledby^="a-"]').filter({ has: runner.getByRole('heading', { name: `Order ${orderNumber}` }) })
    // Both orders are at Haus am Park: starting one starts the other, and the address shows.
    await card(day.urgent.orderNumber).getByRole('button', { name: 'Start Delivery' }).click()
    await expect(runner.getByTestId('toast')).toContainText(`Also started at this stop: ${day.plain.orderNumber}`, AFTER_POST)
    await expect(card(day.plain.orderNumber).getByText('Parkstraße 5, 10117 Berlin')).toBeVisible()
    await shots(runner, '10-runner-portal-started')
    for (const orderNumber of [day.urgent.orderNumber, day.plain.orderNumber]) {
      await card(orderNumber).getByLabel('Handover code', { exact: true }).fill(codes[orderNumber]!)
      await card(orderNumber).getByRole('button', { name: 'Mark as Delivered' }).click()
      await expect(runner.getByTestId('toast')).toContainText('Delivery marked as Delivered', AFTER_POST)
    }
    await expect(runner.getByRole('heading', { name: 'Active Assignments (0)' })).toBeVisible()
    await shots(runner, '11-runner-portal-done')

    await vendor.page.goto(day.urgent.trackPath)
    await expect(vendor.page.getByTestId('tracking-delivered-at')).toHaveText(/^Delivered on .*\d/)
    await expect(vendor.page.getByTestId('handover-code')).toHaveCount(0)
    await shots(vendor.page, '12-tracking-delivered')
    // The vendor who asked to be kept posted hears it from the organisation, with the way back to the page.
    const delivered = await mailTo('ulla@vendor.test', `${day.urgent.orderNumber} has been delivered`)
    expect(delivered).toMatch(new RegExp(`^From: "?${COMPANY}"? <`, 'm'))
    expect(delivered).toContain('Haus am Park')
    expect(delivered).toContain(day.urgent.trackPath)
    await phone.context.close()
    await vendor.context.close()
    errors.expectNone()
  })

  test('an invoice is made from the delivered requests, e-mailed after a confirmation, its PDF issued by the organisation', async ({ page }) => {
    const errors = errorsOf(page.context())
    // Its own payer: other journeys bill pat@payer.test too, and their invoice INV-2026-0001 lands in the same outbox.
    const payer = `pat-${Date.now().toString(36)}@payer.test`
    await ownerSignsIn(page)
    await page.goto('/billing')
    await page.getByRole('link', { name: 'From Requests' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Invoice from Requests' })
    await dialog.getByLabel('Recipient name').fill('Pat Payer')
    await dialog.getByLabel('Recipient email').fill(payer)
    await dialog.getByRole('checkbox', { name: new RegExp(day.urgent.orderNumber) }).check()
    await dialog.getByRole('checkbox', { name: new RegExp(day.plain.orderNumber) }).check()
    await dialog.getByRole('button', { name: 'Create Invoice' }).click()
    await expect(page.getByTestId('toast')).toContainText('Invoice Created', AFTER_POST)
    const row = page.getByTestId('invoice-row').first()
    const number = /INV-\d{4}-\d{4}/.exec(await row.innerText())![0]

    await row.getByRole('link', { name: `E-mail ${number}` }).click()
    const confirm = page.getByRole('dialog', { name: `E-mail invoice ${number}` })
    await expect(confirm).toContainText(`Send invoice ${number} to ${payer}?`)
    await expect(confirm.getByTestId('invoice-email-summary')).toContainText(COMPANY)
    await expectAccessible(page)
    await shots(page, '13-billing-confirmation')
    await confirm.getByRole('button', { name: 'Send invoice' }).click()
    await expect(page.getByTestId('toast')).toContainText('Email Sent to Outbox', AFTER_POST)
    await expect(confirm).toBeHidden()
    expect(await mailTo(payer, number)).toMatch(new RegExp(`^From: "?${COMPANY}"? <`, 'm'))
    await shots(page, '14-billing')

    const download = page.waitForEvent('download')
    await row.getByRole('link', { name: `Download PDF of ${number}` }).click()
    const text = await pdfText(fs.readFileSync(await (await download).path()))
    for (const expected of [number, COMPANY, ADDRESS, 'buero@lindenhof.example · +49 30 1234 5678', 'DE123456789', 'Pat Payer', 'Hand Soap Refill', 'Bath Towels']) expect(text).toContain(expected)
    errors.expectNone()
  })
})
