import { describe, expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

const unescape = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")

describe('the API reference page (/docs/api)', () => {
  test('lists every path and method of the OpenAPI document, signed out, as server-rendered HTML', async () => {
    const doc = await (await app.client().get('/api/openapi.json')).json()
    const res = await app.client().get('/docs/api')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = unescape(await res.text())
    const paths = Object.keys(doc.paths)
    expect(paths.length).toBeGreaterThan(40)
    for (const path of paths) {
      for (const [method, op] of Object.entries(doc.paths[path] as Record<string, { operationId: string; summary: string }>)) {
        // Each operation has its own anchored heading naming its method and path, and its summary.
        const article = html.match(new RegExp(`<article id="${op.operationId}"[\\s\\S]*?</article>`))?.[0]
        expect(article, `${method} ${path}`).toBeDefined()
        expect(article).toContain(`>${method.toUpperCase()}</span>`)
        expect(article).toContain(`>${path}</span>`)
        expect(article).toContain(op.summary)
      }
    }
  })

  test('shows scopes, body fields and the error contract, with headings in order inside landmarks', async () => {
    const html = unescape(await (await app.client().get('/docs/api')).text())
    const createKey = html.match(/<article id="postApiApiKeys"[\s\S]*?<\/article>/)![0]
    expect(createKey).toContain('A signed-in manager only (API keys get 403)')
    expect(createKey).toMatch(/<th scope="row"[^>]*>scopes<\/th>/)
    expect(createKey).toMatch(/>400<\/span> Bad input/)
    const products = html.match(/<article id="getApiProducts"[\s\S]*?<\/article>/)![0]
    expect(products).toContain('an API key with the catalog:read scope')
    expect(products).toContain('text/csv')
    // A described answer is a table of its fields: the key itself on creation, the next run of each standing order.
    expect(createKey).toMatch(/<h4[^>]*>Answer<\/h4>/)
    expect(createKey).toMatch(/<th scope="row"[^>]*>key<\/th>/)
    const orders = html.match(/<article id="getApiStandingOrders"[\s\S]*?<\/article>/)![0]
    expect(orders).toContain('Answer: a list, each item')
    expect(orders).toMatch(/<th scope="row"[^>]*>nextRunAt<\/th>/)
    expect(orders).toMatch(/<th scope="row"[^>]*>items\[\]\.quantity<\/th>/)
    expect(html).toContain('<main')
    expect(html).toMatch(/<nav aria-label="API sections"/)
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map(([, l]) => Number(l))
    expect(levels.filter((l) => l === 1)).toHaveLength(1)
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1))
  })
})
