// Shared Playwright helpers: tests check every page they land on with expectAccessible (axe), and managers sign in
// through the real /login form.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test'

export { expect }

/** WCAG 2.1 A and AA, and axe's best practices (headings in order, landmarks, …). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * axe runs inside the page, which a JavaScript-disabled page cannot do. There we check a snapshot
 * of exactly what the no-JS visitor got (scripts removed, <noscript> content as the markup it was for
 * that visitor), shown in a page of the app's own origin at the page's own address, so its
 * stylesheet and images (which the server serves to its own origin only) load as they did.
 */
// One JavaScript-enabled page per browser (a worker's) shows the snapshots one after another: a context,
// then a page, per audit cost every no-JS journey their start for each screen it checked.
const snapshotPages = new WeakMap<Browser, Promise<Page>>()

async function snapshotPage(browser: Browser, origin: string) {
  const page = await (await browser.newContext({ javaScriptEnabled: true, reducedMotion: 'reduce' })).newPage()
  // A blank page of the app's origin (never asked of the server): `setContent` keeps its document's origin.
  const blank = `${origin}/__accessibility-snapshot`
  await page.route(blank, (route) => route.fulfill({ body: '<!DOCTYPE html><title>snapshot</title>', contentType: 'text/html' }))
  await page.goto(blank)
  return page
}

/**
 * axe on a page. axe's default run sends each frame's results to a blank page it opens for the
 * purpose and loads axe into again, to merge them there: about half a second of each of some 250
 * audits a CI run. A page of one frame, which is every page of ours, has nothing to merge, so axe runs
 * in the page itself (the mode axe keeps for where the blank page is a problem); the same rules are read.
 */
function axeOn(page: Page) {
  return new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(page.frames().length === 1).analyze()
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

async function axeResults(page: Page) {
  const jsEnabled = base.info().project.use.javaScriptEnabled !== false
  if (jsEnabled) {
    // A toast fades out over 0.3 s, five seconds after it shows; an audit landing in those 0.3 s read
    // its half-transparent text as too faint (the sign-in toast, once, on a busy machine). With
    // reduced motion, as the stylesheet has it, the toast is there whole or gone: a state a reader sees.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    try {
      return await axeOn(page)
    } finally {
      await page.emulateMedia({ reducedMotion: null })
    }
  }
  const browser = page.context().browser()!
  const url = page.url()
  if (!snapshotPages.has(browser)) snapshotPages.set(browser, snapshotPage(browser, new URL(url).origin))
  const snapshot = await snapshotPages.get(browser)!
  const viewport = page.viewportSize()
  if (viewport) await snapshot.setViewportSize(viewport)
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    // With scripting on, a <noscript>'s content is text: unwrapped, it is the controls the visitor had.
    .replace(/<\/?noscript\b[^>]*>/gi, '')
    .replace(/<head\b[^>]*>/i, (head) => `${head}<base href="${escapeAttribute(url)}">`)
  await snapshot.setContent(html, { waitUntil: 'load' })
  // At the page's own address, for the rules that compare a link with where the page is (skip links).
  await snapshot.evaluate((address) => history.replaceState(null, '', address), url)
  // Colour contrast and layout are read from what loaded: a snapshot without its stylesheet or with a
  // broken image would be a different page.
  const unloaded = await snapshot.evaluate(() => [
    ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]'), (link) => (link.sheet ? null : link.href)),
    ...Array.from(document.images, (image) => (image.complete && image.currentSrc && image.naturalWidth === 0 ? image.currentSrc : null)),
  ].filter(Boolean))
  expect(unloaded, 'stylesheets and images the no-JS snapshot could not load').toEqual([])
  return axeOn(snapshot)
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
 * Signs in as the /login form does: its fields posted to /auth/oidc through the mock provider's
 * redirects, in the page's own cookie jar. A first sign-in lands on the first-run step (issue 34),
 * which is skipped as its "Skip for now" button does, so a journey starts on the dashboard with the
 * browser's time zone. The sign-in journey (sign-in.both.spec.ts) presses the real buttons and checks
 * /login and /welcome with axe; rendering both pages before every other journey cost each one a
 * second or two of a busy CI machine (issue 36, item 6).
 */
export async function signInThroughForm(page: Page, email: string) {
  const baseURL = base.info().project.use.baseURL!
  const headers = { Origin: new URL(baseURL).origin }
  // The form's hidden field: the browser's zone, as the login page's script fills it in.
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone ?? '').catch(() => '')
  const signedIn = await page.request.post('/auth/oidc', { form: { timeZone, login_hint: email }, headers })
  expect(signedIn.ok(), `signing in ${email}: ${signedIn.status()}`).toBe(true)
  const landed = new URL(signedIn.url())
  if (landed.pathname === '/welcome') {
    const skipped = await page.request.post('/welcome', { form: { intent: 'skip' }, headers, maxRedirects: 0 })
    expect(skipped.status(), 'skipping the first-run step').toBe(302)
  } else {
    expect(landed.pathname, 'where signing in lands').toBe('/')
  }
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  // The skip's toast shows once the dashboard's data has come: a journey going on before that would
  // cut the load short and have the toast come back over its own.
  if (landed.pathname === '/welcome') await expect(page.getByTestId('toast')).toContainText('Set up later')
  // With JavaScript, a journey's first press must find React's listeners on the page: the server's
  // HTML (toast included) is on screen before the app's script has run, and a press then does
  // nothing (the phone sidebar's toggle stayed shut once on a busy machine).
  await untilHydrated(page)
}

/** With JavaScript, until the app's router is up on the page (React's listeners are on it); at once without. */
export async function untilHydrated(page: Page) {
  const hydrates = await page.evaluate(() => '__remixContext' in window && document.querySelector('script[src*="entry.client"], link[href*="entry.client"]') !== null).catch(() => false)
  if (hydrates) await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true)
}

/**
 * A journey's page, whose goto and reload wait, with JavaScript, until the app is hydrated: a switch
 * pressed on /settings before React's listeners were on it flipped on screen and saved nothing (CI
 * run 24's one retry, once the browser got faster). Pages for slow phones do not hydrate: no wait.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const res = await goto(...args)
      // Asked to go on as soon as the answer starts (a journey holding the scripts back): no wait.
      if (args[1]?.waitUntil !== 'commit') await untilHydrated(page)
      return res
    }
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const res = await reload(...args)
      await untilHydrated(page)
      return res
    }
    await provide(page)
  },
})
