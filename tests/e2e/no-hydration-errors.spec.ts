// Issue 34, item 11: no page logs a React hydration error (#418 text, #425 text, #423 recovery) or any
// other console error in a real browser. Every page and dialog of the inventory (tests/support/
// page-inventory.ts, the world of pages.ts: requests, a delivery, an invoice, notifications) is opened
// with a browser clock three hours ahead of the server's: a relative time ("5 minutes ago") that the
// browser counted from its own clock while hydrating would read differently from the server's HTML.
import type { ConsoleMessage, Page } from '@playwright/test'
import { PAGES } from '../support/page-inventory'
import { expect } from './fixtures'
import { test, visit } from './pages'

const AHEAD_MS = 3 * 3_600_000

/** Every console error and uncaught error of the page, as text. */
function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return errors
}

/** Until React has hydrated the page (the router is up) and has no work left in which to report a mismatch. */
async function settled(page: Page) {
  await page.waitForLoadState('load')
  const hydrates = await page.evaluate(() => '__remixContext' in window && document.querySelector('script[src*="entry.client"], link[href*="entry.client"]') !== null)
  if (hydrates) await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true)
  // React hydrates in scheduled tasks and reports a mismatch from them: two idle turns in a row mean
  // it has none left to run (the browser only calls an idle callback with no task waiting).
  for (let turn = 0; turn < 2; turn++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })))
}

for (const entry of PAGES.filter((e) => !e.layout)) {
  test(`${entry.file}: ${entry.views.map((v) => v.name).join(', ')} log no hydration or console error`, async ({ browser, world }) => {
    test.setTimeout(20_000 + entry.views.length * 8_000)
    const context = await browser.newContext({ storageState: entry.who === 'manager' ? world.managerState : undefined })
    try {
      for (const v of entry.views) {
        const page = await context.newPage()
        await page.clock.setSystemTime(new Date(Date.now() + AHEAD_MS))
        const errors = collectErrors(page)
        await test.step(v.name, async () => {
          await visit(page, world, v)
          await settled(page)
          // A page that answers 4xx on purpose (not found, refused) has the browser say so about its own load.
          const expected = v.status && v.status >= 400 ? /Failed to load resource: the server responded with a status of 4\d\d/ : null
          expect(errors.filter((e) => !expected?.test(e))).toEqual([])
        })
        await page.close()
      }
    } finally {
      await context.close()
    }
  })
}
