// Shared Playwright helpers: tests check every page they land on with expectAccessible (axe), and managers sign in
// through the real /login form.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'

export { expect }

/** WCAG 2.1 A and AA, and axe's best practices (headings in order, landmarks, …). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * axe runs inside the page, which a JavaScript-disabled page cannot do. There we check a snapshot
 * of exactly what the no-JS visitor got (scripts removed), served at the same address so its CSS loads.
 */
async function axeResults(page: Page) {
  const jsEnabled = base.info().project.use.javaScriptEnabled !== false
  if (jsEnabled) return new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
  try {
    const snapshot = await context.newPage()
    const url = page.url()
    await snapshot.route(url, (route) => route.fulfill({ body: html, contentType: 'text/html' }))
    await snapshot.goto(url)
    return await new AxeBuilder({ page: snapshot }).withTags(AXE_TAGS).analyze()
  } finally {
    await context.close()
  }
}

export async function expectAccessible(page: Page) {
  const results = await axeResults(page)
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([])
  await expectIconsDrawn(page)
}

/**
 * A list's icons are drawn from a sprite on the page (app/components/ui/icon-sprite.tsx): a page that
 * shows the icons without rendering their sprite shows blank buttons, which axe does not see. Read
 * from the markup, so it holds with JavaScript off too.
 */
async function expectIconsDrawn(page: Page) {
  const html = await page.content()
  const ids = new Set(Array.from(html.matchAll(/\sid="([^"]+)"/g), (m) => m[1]))
  const missing = Array.from(html.matchAll(/<use\b[^>]*\shref="#([^"]+)"/g), (m) => m[1]).filter((id) => !ids.has(id))
  expect([...new Set(missing)], `icons whose symbol is not on ${page.url()}`).toEqual([])
}

/** The icon inside `control` is drawn at its size (a sprite icon whose symbol is missing draws nothing). */
export async function expectIconDrawn(control: Locator) {
  const box = await control.locator('svg').first().evaluate((svg) => {
    const shape = (svg.querySelector('use') ?? svg) as SVGGraphicsElement
    const { width, height } = shape.getBBox()
    return { width, height }
  })
  expect(box.width, 'icon width').toBeGreaterThan(8)
  expect(box.height, 'icon height').toBeGreaterThan(8)
}

/** A unique e-mail per test, so each test signs in to an organisation of its own. */
export function uniqueEmail(prefix = 'manager') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`
}

/**
 * Signs in through the form; a first sign-in lands on the first-run step (issue 34), which is skipped
 * here so a journey starts on the dashboard with the browser's time zone (one click, no form filled).
 * The sign-in journey checks /login with axe; here, before every journey, it would cost each one seconds.
 */
export async function signInThroughForm(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail (optional)').fill(email)
  await page.getByRole('button', { name: /Sign in with/ }).click()
  // Signed in once the dashboard is read and its scripts run: a journey goes on from there (its next
  // look at the page waits for what it needs), without waiting for the images and map of a page it may leave.
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/welcome', { waitUntil: 'domcontentloaded' })
  if (new URL(page.url()).pathname === '/welcome') {
    await page.getByRole('button', { name: 'Skip for now' }).click()
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'domcontentloaded' })
    // With JavaScript the address changes before the dashboard's data (and its toast) has come: a
    // journey that went on at once cut that load short, and its "Set up later" toast came back over
    // the journey's own (the settings journey's one retry). The toast says the dashboard has loaded.
    await expect(page.getByTestId('toast')).toContainText('Set up later')
  }
}

export const test = base
