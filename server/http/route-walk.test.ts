// The route walk: every module under app/routes (read from the folder, so tomorrow's routes are
// walked too) is called with a JSON body, a form, an empty body and every wrong method, signed in
// and not. None may answer 500; a wrong method is a 405 with Allow (and `{ error }` on /api); a
// JSON body sent to a form route is a 415.
import { expect, test } from 'vitest'
import { routeFiles, type RouteFile } from '../../tests/support/route-files'
import type { TestClient } from '../../tests/support/client'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

type Call = { label: string; method: string; init: Parameters<TestClient['fetch']>[1] }

const CALLS: Call[] = [
  { label: 'GET', method: 'GET', init: { method: 'GET' } },
  { label: 'POST json', method: 'POST', init: { method: 'POST', json: { id: 1, name: ['x'], quantity: 'many' } } },
  { label: 'POST form', method: 'POST', init: { method: 'POST', form: { intent: 'walk', id: 'nope' } } },
  { label: 'POST empty', method: 'POST', init: { method: 'POST' } },
  { label: 'POST broken json', method: 'POST', init: { method: 'POST', body: '{"a":', headers: { 'Content-Type': 'application/json' } } },
  {
    label: 'POST broken multipart',
    method: 'POST',
    init: { method: 'POST', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n', headers: { 'Content-Type': 'multipart/form-data; boundary=y' } },
  },
  { label: 'PUT json', method: 'PUT', init: { method: 'PUT', json: {} } },
  { label: 'PATCH json', method: 'PATCH', init: { method: 'PATCH', json: {} } },
  { label: 'DELETE', method: 'DELETE', init: { method: 'DELETE' } },
  { label: 'OPTIONS', method: 'OPTIONS', init: { method: 'OPTIONS' } },
]

// Signing out ends the walker's session, so it is walked last.
const routes = routeFiles().sort((a, b) => Number(a.file === 'logout.ts') - Number(b.file === 'logout.ts'))

/** A signed-in walker needs only the calls whose answer depends on who asks. */
const MANAGER_CALLS = new Set(['GET', 'POST json', 'POST form', 'POST empty', 'PUT json'])

async function walk(client: TestClient, route: RouteFile, who: string, failures: string[]) {
  for (const call of CALLS) {
    if (who === 'manager' && !MANAGER_CALLS.has(call.label)) continue
    const abort = new AbortController()
    const res = await client.fetch(route.url, { ...call.init, signal: abort.signal })
    const where = `${who} ${call.label} ${route.url} (app/routes/${route.file}) answered ${res.status}`
    const body = await textOf(res, abort)
    if (res.status >= 500) failures.push(`${where}: ${body.slice(0, 200)}`)
    if (res.status === 405) {
      const allow = res.headers.get('allow')
      if (!allow) failures.push(`${where} without an Allow header`)
      else if (allow.split(', ').includes(call.method)) failures.push(`${where} although Allow lists ${call.method}`)
      if (route.url.startsWith('/api/') && !safeJson(body)?.error) failures.push(`${where} without { error }: ${body.slice(0, 100)}`)
    }
    // What a route cannot take is said as such: pages never take PUT/PATCH/DELETE, and a route
    // without an action takes no write at all.
    const cannot = (route.isPage && call.method !== 'GET' && call.method !== 'POST') || (!route.exportsAction && call.method !== 'GET')
    if (cannot && res.status !== 405) failures.push(`${where}, expected 405`)
    // A form route given JSON: 415, not a crash and not a silent success.
    // (/api and /internal read JSON themselves.)
    if (call.label === 'POST json' && route.exportsAction && !/^\/(api|internal)\//.test(route.url) && res.status !== 415) failures.push(`${where}, expected 415`)
  }
}

/**
 * The body as text. A live event stream never ends: only its status and headers are judged, and the
 * request is aborted (cancelling the body alone waits for the server to end the stream).
 */
async function textOf(res: Response, abort: AbortController) {
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    abort.abort()
    return ''
  }
  return res.text()
}

function safeJson(text: string) {
  try {
    return JSON.parse(text) as { error?: string }
  } catch {
    return null
  }
}

test(`no route answers 500 to a JSON, form, empty, broken or wrong-method call (${routes.length} route files)`, { timeout: 120_000 }, async () => {
  expect(routes.length).toBeGreaterThan(50)
  const failures: string[] = []
  const anonymous = app.client()
  const manager = await app.signedIn('route-walk@x.test')
  // A few routes at a time keeps the walk to seconds without crowding a small CI machine.
  const queue = routes.filter((r) => r.file !== 'logout.ts')
  const worker = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) {
      await walk(anonymous, route, 'anonymous', failures)
      await walk(manager, route, 'manager', failures)
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  const logout = routes.find((r) => r.file === 'logout.ts')!
  await walk(anonymous, logout, 'anonymous', failures)
  await walk(manager, logout, 'manager', failures)
  expect(failures).toEqual([])
})

test('a wrong method names what the route takes; /api answers { error }', async () => {
  const res = await app.client().get('/api/runners')
  expect(res.status).toBe(405)
  expect(res.headers.get('allow')).toBe('POST')
  expect(await res.json()).toEqual({ error: expect.stringContaining('not allowed') })

  const put = await app.client().put('/vendor/anything/request', {})
  expect(put.status).toBe(405)
  expect(put.headers.get('allow')).toBe('GET, HEAD, POST')

  // A person's browser gets a page that says so; the page's own JavaScript gets a caught { error }.
  const page = await app.client().fetch('/vendor/anything/request', { method: 'PUT', headers: { Accept: 'text/html' } })
  expect(page.headers.get('content-type')).toMatch(/text\/html/)
  expect(await page.text()).toMatch(/<title>Method not allowed · Stockrun<\/title>[\s\S]*<h1>Method not allowed<\/h1>/)
  const data = await app.client().fetch('/vendor/anything/request?_data=routes%2Fvendor%2B%2F%24propertyId.request', { method: 'PUT' })
  expect(data.status).toBe(405)
  expect(data.headers.get('x-remix-catch')).toBe('yes')
  expect(await data.json()).toEqual({ error: expect.stringContaining('not allowed') })

  const post = await app.client().fetch('/api/products/anything', { method: 'POST', json: {} })
  expect(post.status).toBe(405)
  expect(post.headers.get('allow')).toBe('GET, HEAD, PUT, PATCH, DELETE')
})

test('a JSON body posted to the vendor request page or its submit step: 415 with a readable message', async () => {
  for (const url of ['/vendor/anything/request', '/vendor/anything/request/submit']) {
    const res = await app.client().post(url, { vendorName: 'Ana' })
    expect(res.status, url).toBe(415)
    expect(await res.text()).toContain('form post')
  }
  const unreadable = await app.client().fetch('/vendor/anything/request/submit', {
    method: 'POST',
    body: 'garbage',
    headers: { 'Content-Type': 'multipart/form-data; boundary=nothing' },
  })
  expect(unreadable.status).toBe(400)
  expect(await unreadable.text()).toContain('could not read the form')
})

test('/api keeps { error, fieldErrors } for a body it cannot read', async () => {
  const manager = await app.signedIn('route-walk-api@x.test')
  const res = await manager.fetch('/api/products', { method: 'POST', body: '{"name":', headers: { 'Content-Type': 'application/json' } })
  expect(res.status).toBe(400)
  expect(await res.json()).toEqual({ error: 'Request body must be valid JSON.', fieldErrors: {} })
})
