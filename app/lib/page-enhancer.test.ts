// Vendors' and runners' pages paint from one HTML answer on a slow phone (decision 040): the stylesheet
// inside it, no script to fetch, the enhancer inline under the page's CSP nonce; manager pages keep
// React. Lighthouse's own figures are a benchmark (other/bench/50-lighthouse.bench.mjs).
import { gzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { givenAssignment } from '../../tests/fixtures/dispatch'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'
import { PAGE_ENHANCER } from './enhancer-scripts.server'
import { wireProofCapture } from '~/areas/deliveries/components/proof-capture'
import { enhancePage } from './page-enhancer'

const app = withTestServer()

async function get(path: string) {
  const res = await app.client().get(path)
  expect(res.status).toBe(200)
  return { html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' }
}

/** `inlineScripts`: the enhancer, and on the runner's portal the position-sharing script beside it (issue 30). */
function expectOneAnswer(html: string, csp: string, inlineScripts = 1) {
  expect(html).toMatch(/<style>[^<]*\.sr-only\{/)
  expect(html).not.toMatch(/<link rel="stylesheet"/)
  expect(html).not.toMatch(/<script[^>]+src=|modulepreload|__remixContext/)
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  expect(scripts).toHaveLength(inlineScripts)
  const nonce = csp.match(/'nonce-([^']+)'/)![1]!
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
}

describe('pages for slow phones', () => {
  test('the vendor pages come in one answer, with a description for search results', async () => {
    const { property } = await givenStorefront({ name: 'Pier 9' })
    for (const path of [`/vendor/${property.id}/request?lang=en`, `/vendor/${property.id}`]) {
      const { html, csp } = await get(path)
      expectOneAnswer(html, csp)
      expect(html).toMatch(/<meta name="description" content="[^"]*Pier 9[^"]*"/)
      expect(html).not.toContain('noindex')
    }
  })

  test('the runner portal and delivery page come in one answer and stay out of search engines', async () => {
    const { organisation } = await givenStorefront()
    const { runner, runnerToken, assignment, linkToken } = await givenAssignment(organisation.id)
    for (const path of [`/runner/${runner.id}/${runnerToken}`, `/delivery/${assignment.id}/${linkToken}`]) {
      const { html, csp } = await get(path)
      expectOneAnswer(html, csp, path.startsWith('/runner/') ? 2 : 1)
      expect(html).toContain('<meta name="robots" content="noindex"/>')
    }
  })

  test('manager pages keep the linked stylesheet and the app scripts', async () => {
    const { html } = await get('/login')
    expect(html).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/tailwind-[^"]+\.css"/)
    expect(html).toContain('__remixContext')
    expect(html).not.toContain('enhancePage')
  })

  // Issue 16 × 19: the signature pad and capture time/place are server markup the enhancer brings to
  // life; without JavaScript they stay hidden and empty, so the typed name is the way and nothing is sent.
  test('the proof form carries a hidden signature pad and empty capture fields for the enhancer to wire', async () => {
    const { organisation } = await givenStorefront()
    const { runner, runnerToken, assignment, linkToken } = await givenAssignment(organisation.id, 'in_transit')
    for (const path of [`/runner/${runner.id}/${runnerToken}`, `/delivery/${assignment.id}/${linkToken}?dialog=proof`]) {
      const { html, csp } = await get(path)
      expectOneAnswer(html, csp, path.startsWith('/runner/') ? 2 : 1)
      expect(html).toMatch(/<div data-signature-pad="true" hidden="">/)
      expect(html).toMatch(/<canvas[^>]*role="img"[^>]*aria-labelledby="[^"]+-signature-label"/)
      expect(html).toMatch(/<input type="hidden" name="signature" data-capture="true" value=""\/>/)
      for (const name of ['capturedAt', 'latitude', 'longitude']) expect(html).toMatch(new RegExp(`<input type="hidden" name="${name}" [^>]*value=""/>`))
      expect(html).toContain('Received by (Optional)')
      expect(html).toContain('wireProofCapture')
    }
  })

  // Issue 16 item 4 (decision 047): the runners' pages' service worker comes from our origin, is
  // checked for updates on every visit, and only ever answers page loads inside its scope.
  test('the offline worker is served from our origin, revalidated each visit, and keeps to page loads', async () => {
    const res = await app.client().get('/offline-worker.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const source = await res.text()
    expect(gzipSync(source).length).toBeLessThan(1024)
    // Run it against a stand-in worker scope: which requests would it answer at all?
    const listeners: Record<string, (e: unknown) => void> = {}
    const worker = {
      addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
      skipWaiting: async () => {},
      clients: { claim: async () => {} },
      registration: { scope: 'https://stockrun.test/runner/' },
    }
    new Function('self', 'fetch', source)(worker, () => new Promise(() => {}))
    const answers = (url: string, init: { method?: string; mode: string; accept?: string }) => {
      let answered = false
      const request = { url, method: init.method ?? 'GET', mode: init.mode, headers: new Headers(init.accept ? { Accept: init.accept } : {}) }
      listeners.fetch!({ request, respondWith: () => (answered = true), waitUntil: () => {} })
      return answered
    }
    expect(answers('https://stockrun.test/runner/r1/token', { mode: 'navigate' })).toBe(true)
    expect(answers('https://stockrun.test/runner/r1/token', { method: 'POST', mode: 'navigate' })).toBe(false)
    expect(answers('https://stockrun.test/runner/r1/token?dialog=proof', { mode: 'cors', accept: 'text/html' })).toBe(true)
    expect(answers('https://stockrun.test/runner/r1/token', { mode: 'cors' })).toBe(false)
    expect(answers('https://stockrun.test/runner/r1/token', { mode: 'cors', accept: 'application/json' })).toBe(false)
    expect(answers('https://stockrun.test/runner/r1/token', { method: 'POST', mode: 'cors', accept: 'text/html' })).toBe(false)
    expect(answers('https://stockrun.test/requests', { mode: 'navigate' })).toBe(false)
    expect(answers('https://stockrun.test/api/dispatch/assignments', { mode: 'navigate' })).toBe(false)
    expect(PAGE_ENHANCER).toContain('/offline-worker.js')
  })

  // 4.5 KB since the offline queue (decision 047) joined it: ~1.2 KB for a runner's photo not to be lost;
  // 5 KB since a refresh keeps what was typed and posts go multipart only with a photo (4.1 → 4.7 KB);
  // 4.8 KB since closing a dialog lands where the page under it was (decision 146).
  test('the enhancer stays small enough to inline into every such page', () => {
    expect(gzipSync(PAGE_ENHANCER).length).toBeLessThan(5 * 1024)
  })

  // Its indentation is stripped: safe only while no string in it spans lines (a template literal would).
  test('the enhancer sent without indentation is still the same script', () => {
    const source = `${enhancePage}${wireProofCapture}`
    expect(source.split('\n').filter((line) => (line.match(/`/g) ?? []).length % 2 === 1)).toEqual([])
    expect(PAGE_ENHANCER).not.toMatch(/\n[ \t]/)
    expect(() => new Function(PAGE_ENHANCER)).not.toThrow()
  })
})
