// Every input fuzzed, driven by the route inventory: /api bodies and queries, page form posts, broken
// JSON and multipart, path traversal in file names, injection strings. Bad input is a 4xx with the
// error contract and changes nothing; stored hostile text renders inert in pages, PDFs and CSV.
// Bounded by count and time (fast-check numRuns + interruptAfterTimeLimit) to stay within seconds.
import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { beforeAll, expect, test } from 'vitest'
import { csvCell } from '~/lib/csv'
import { db } from '~/lib/db.server'
import { givenAssignment } from '../fixtures/dispatch'
import { organisationOf } from '../fixtures/people'
import type { TestClient } from './client'
import { snapshotOf } from './db-checksum'
import { routeFiles, type RouteFile } from './route-files'
import { ROUTE_INVENTORY } from './route-inventory'
import { withTestServer } from './server'

const app = withTestServer()
const SCRIPT = '<script>alert("owned")</script>'
// The time limit cuts a route's runs short on a busy machine; it must leave room for the first run,
// or fast-check fails the property as "interrupted after 0 tests" (seen with CI beside other work).
const RUNS = { numRuns: 25, interruptAfterTimeLimit: 10_000 }

let manager: TestClient
let orgId: string
let ids: Record<string, string>
let generated = 0

beforeAll(async () => {
  manager = await app.signedIn('fuzz-owner@x.test')
  orgId = (await organisationOf('fuzz-owner@x.test')).id
  const { assignment, property, request, runner } = await givenAssignment(orgId, 'in_transit')
  const product = await db.product.findFirstOrThrow({ where: { organisationId: orgId } })
  // Hostile names everywhere a manager will see them.
  await db.product.update({ where: { id: product.id }, data: { name: SCRIPT } })
  await db.property.update({ where: { id: property.id }, data: { name: SCRIPT, address: `${SCRIPT} street` } })
  await db.productRequest.update({ where: { id: request.id }, data: { vendorName: `=HYPERLINK("http://evil.test","${SCRIPT}")`, notes: '+cmd|calc' } })
  await db.requestItem.updateMany({ where: { requestId: request.id }, data: { productName: SCRIPT } })
  await db.runner.update({ where: { id: runner.id }, data: { name: SCRIPT } })
  const invoice = await db.invoice.create({
    data: { organisationId: orgId, invoiceNumber: 'INV-FZ-1', recipientName: SCRIPT, recipientEmail: 'f@x.test', subtotalCents: 100, totalAmountCents: 100, notes: SCRIPT },
  })
  const notification = await db.notification.create({ data: { organisationId: orgId, type: 'other', message: SCRIPT } })
  // The owner's own integrations and standing order, so /api/…/$id routes are fuzzed on real rows.
  const made = async (url: string, body: unknown) => ((await (await manager.post(url, body)).json()) as { id: string }).id
  const apiKey = await made('/api/api-keys', { name: 'Fuzz key', scopes: ['catalog:read'] })
  const webhook = await made('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['request.created'] })
  const standingOrder = await made('/api/standing-orders', { propertyId: property.id, vendorName: 'Fuzz linen', items: [{ productId: product.id, quantity: 2 }], every: 'week', weekday: 1, time: '07:30', timezone: 'UTC' })
  const user = await db.user.findFirstOrThrow({ where: { email: 'fuzz-owner@x.test' } })
  const depot = await db.depot.findFirstOrThrow({ where: { organisationId: orgId } })
  ids = { depot: depot.id, apiKey, webhook, standingOrder, user: user.id, assignment: assignment.id, property: property.id, request: request.id, runner: runner.id, product: product.id, invoice: invoice.id, notification: notification.id }
})

function fill(route: RouteFile) {
  const pick = (param: string) => {
    if (param === 'id') {
      const prefix = route.file.replace(/\+\//g, '.').split('.').slice(0, 3).join('.')
      const byPrefix: Record<string, string> = {
        'api.dispatch.assign': ids.assignment!,
        'api.invoices.$id': ids.invoice!,
        'api.notifications.$id': ids.notification!,
        'api.products.$id': ids.product!,
        'api.properties.$id': ids.property!,
        'api.requests.$id': ids.request!,
        'api.standing-orders.$id': ids.standingOrder!,
        'api.webhooks.$id': ids.webhook!,
        'api.api-keys.$id': ids.apiKey!,
        'api.depots.$id': ids.depot!,
      }
      return byPrefix[prefix] ?? 'unknown'
    }
    return ({ assignmentId: ids.assignment, propertyId: ids.property, productId: ids.product, runnerId: ids.runner, userId: ids.user, token: 'fuzz-token' } as Record<string, string | undefined>)[param] ?? 'unknown'
  }
  let url = route.url
  for (const p of route.params) url = url.replace(`walk-${p}`, pick(p))
  return url
}

const reads = (route: RouteFile) => fs.readFileSync(path.resolve('app/routes', route.file), 'utf8').includes('readJson(')
// The fuzzing manager owns the organisation, so owner/admin-only routes are fuzzed too.
const byManager = (r: RouteFile) => ROUTE_INVENTORY[r.file]?.callers.some((c) => c === 'manager' || c === 'member-needs-owner/admin') ?? false
const apiWrites = routeFiles().filter((r) => ROUTE_INVENTORY[r.file]?.kind === 'api' && byManager(r) && reads(r))
const apiReads = routeFiles().filter((r) => ROUTE_INVENTORY[r.file]?.kind === 'api' && byManager(r) && ROUTE_INVENTORY[r.file]!.methods.includes('GET'))

const hostileText = fc.oneof(
  fc.constantFrom(SCRIPT, "' OR 1=1 --", '"; DROP TABLE "Product"; --', '../../../etc/passwd', '\u0000', '=1+1', '\u202e\u0301🙂', 'NaN', '-1', '0.5', '1e309'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
)
/** JSON that is never an object: no route that reads a JSON object may accept it. */
const notAnObject = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), hostileText, fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }))
/** Text that is not JSON at all. Blank text is not among it: an empty body means `{}` (jsonBodyFrom), and " " is empty. */
const notJson = fc.oneof(fc.constantFrom('{', '{"a":', 'NaN', '[1,', "{'a':1}", '\u0000'), fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !isJson(s)))
/** Objects with the usual fields in every wrong type and shape. */
const wrongFields = fc.dictionary(
  fc.constantFrom('name', 'quantity', 'price', 'status', 'requestId', 'runnerId', 'propertyId', 'productId', 'email', 'requestedProducts', 'items', 'notes', 'imageUrl', 'taxRate', 'extra'),
  fc.oneof(hostileText, fc.double(), fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.constant(null), fc.array(hostileText, { maxLength: 3 }), fc.object({ maxDepth: 1 })),
  { maxKeys: 6 },
)

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

function isJson(text: string) {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function contractOf(status: number, text: string, where: string) {
  expect(status, `${where}: ${text.slice(0, 200)}`).toBeLessThan(500)
  if (status >= 400) {
    const body = JSON.parse(text)
    expect(typeof body.error, where).toBe('string')
    if (status === 400) expect(body.fieldErrors, where).toBeTypeOf('object')
  }
}

test(`/api bodies that are not objects or not JSON: 400 with { error, fieldErrors }, nothing changed (${apiWrites.length} routes)`, { timeout: 60_000 }, async () => {
  const before = await snapshotOf(orgId)
  for (const route of apiWrites) {
    const url = fill(route)
    const method = ROUTE_INVENTORY[route.file]!.methods.find((m) => m !== 'GET' && m !== 'HEAD')!
    await fc.assert(
      fc.asyncProperty(fc.oneof(notAnObject.map((v) => JSON.stringify(v)), notJson), async (body) => {
        generated++
        const res = await manager.fetch(url, { method, body, headers: { 'Content-Type': 'application/json' } })
        const text = await res.text()
        expect(res.status, `${method} ${url} ${body.slice(0, 80)}`).toBe(400)
        contractOf(res.status, text, `${method} ${url}`)
      }),
      { ...RUNS, numRuns: 6 },
    )
  }
  expect(await snapshotOf(orgId)).toEqual(before)
})

test('/api bodies with wrong types, missing and extra fields, huge, unicode and injection strings: never a 5xx, always the contract', { timeout: 60_000 }, async () => {
  for (const route of apiWrites) {
    const url = fill(route)
    const method = ROUTE_INVENTORY[route.file]!.methods.find((m) => m !== 'GET' && m !== 'HEAD')!
    await fc.assert(
      fc.asyncProperty(wrongFields, async (body) => {
        generated++
        const res = await manager.fetch(url, { method, json: body })
        contractOf(res.status, await res.text(), `${method} ${url} ${JSON.stringify(body).slice(0, 120)}`)
      }),
      { ...RUNS, numRuns: 5 },
    )
  }
  // A NUL (or other control character) is refused, never stored to break CSV and PDFs later.
  for (const table of ['Product', 'Property', 'Runner', 'Invoice', 'ProductRequest'])
    expect((await db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM "${table}" WHERE instr(CAST(name AS BLOB), x'00') > 0 LIMIT 1`.replace('name', table === 'Invoice' ? 'recipientName' : table === 'ProductRequest' ? 'vendorName' : 'name'))).length, table).toBe(0)
  const nul = await manager.post('/api/products', { name: 'Soap\u0000', category: 'Cleaning' })
  expect(nul.status).toBe(400)
  expect(await nul.json()).toMatchObject({ fieldErrors: { name: ['Must not contain control characters'] } })
})

test('/api queries fuzzed: never a 5xx, always the contract, nothing changed', { timeout: 60_000 }, async () => {
  const before = await snapshotOf(orgId)
  const query = fc.dictionary(fc.constantFrom('q', 'search', 'status', 'cursor', 'limit', 'page', 'format', 'from', 'to', 'lang', 'token', 'archived'), hostileText, { maxKeys: 4 })
  for (const route of apiReads) {
    const url = fill(route)
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        generated++
        const abort = new AbortController()
        const res = await manager.get(`${url}?${new URLSearchParams(params)}`, { signal: abort.signal })
        const type = res.headers.get('content-type') ?? ''
        const text = await textOf(res, abort)
        // Node itself refuses a request line past its header limit (431) before the app sees it.
        if (res.status === 431 || res.status === 414) return
        if (type.includes('json') || res.status >= 400) contractOf(res.status, text, `GET ${url}?${new URLSearchParams(params).toString().slice(0, 100)}`)
        else expect(res.status).toBeLessThan(500)
      }),
      { ...RUNS, numRuns: 5 },
    )
  }
  expect(await snapshotOf(orgId)).toEqual(before)
})

/** The answer, or a failure naming the post if it takes longer than `seconds`. */
function withinSeconds<T>(seconds: number, said: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${said}: no answer within ${seconds} s`)), seconds * 1000)))
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

test('page form posts fuzzed over every intent: never a 5xx', { timeout: 180_000 }, async () => {
  const pages = routeFiles().filter((r) => ROUTE_INVENTORY[r.file]?.kind === 'page' && ROUTE_INVENTORY[r.file]!.callers.includes('manager') && r.exportsAction)
  for (const route of pages) {
    const intents = ROUTE_INVENTORY[route.file]!.intents ?? ['']
    const form = fc.record({ intent: fc.constantFrom(...intents), id: fc.oneof(fc.constant(ids.request!), hostileText), name: hostileText, quantity: hostileText, status: hostileText })
    await fc.assert(
      fc.asyncProperty(form, async (fields) => {
        generated++
        const said = `POST ${route.url} ${JSON.stringify(fields).slice(0, 120)}`
        const res = await withinSeconds(
          30,
          said,
          manager.postForm(route.url, fields).catch((err: Error) => {
            throw new Error(`${said}: ${err.message} (${String((err.cause as Error | undefined)?.message ?? '')})`)
          }),
        )
        expect(res.status, said).toBeLessThan(500)
      }),
      // Bounded by count, not time: a time limit that ran out before a route's first post failed the
      // walk as "interrupted after 0 tests" on a busy CI machine, naming no route. A post that hangs
      // fails by name instead (withinSeconds).
      { numRuns: 6 },
    )
  }
})

test('uploads: malformed multipart and path traversal in file names are refused with the contract', async () => {
  const before = await snapshotOf(orgId)
  const names = ['../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/shadow', 'a/../../b.jpg', '%2e%2e%2fsecret.png', SCRIPT + '.jpg']
  for (const name of names) {
    const form = new FormData()
    form.set('image', new Blob([Buffer.from('not an image at all')], { type: 'image/jpeg' }), name)
    const res = await manager.fetch('/api/upload', { method: 'POST', body: form })
    generated++
    contractOf(res.status, await res.text(), `upload ${name}`)
    expect(res.status, name).toBeGreaterThanOrEqual(400)
  }
  const broken = await manager.fetch('/api/upload', { method: 'POST', body: '--zzz\r\nContent-Disposition: form-data; name="image"; filename="../../x"\r\n\r\nabc', headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' } })
  contractOf(broken.status, await broken.text(), 'broken multipart')
  expect(broken.status).toBe(400)
  const traversal = await app.client().get('/images/..%2F..%2Fpackage.json')
  expect(traversal.status).toBeGreaterThanOrEqual(400)
  expect(traversal.status).toBeLessThan(500)
  expect(await traversal.text()).not.toContain('"name": "stockrun"')
  expect(await snapshotOf(orgId)).toEqual(before)
})

test('stored <script> names render inert on every manager page and in the PDFs', { timeout: 60_000 }, async () => {
  const pages = routeFiles().filter((r) => ROUTE_INVENTORY[r.file]?.kind === 'page' && ROUTE_INVENTORY[r.file]!.callers.includes('manager') && r.params.length === 0)
  for (const route of pages) {
    const res = await manager.get(route.url)
    const html = await res.text()
    expect(res.status, route.url).toBe(200)
    expect(html, route.url).not.toContain(SCRIPT)
  }
  const requestsPage = await (await manager.get('/requests')).text()
  expect(requestsPage).toContain('&lt;script&gt;')
  for (const url of [`/api/requests/${ids.request}/pdf`, `/api/invoices/${ids.invoice}/pdf`]) {
    const res = await manager.get(url)
    expect(res.status, url).toBe(200)
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1')
    expect(pdf.startsWith('%PDF'), url).toBe(true)
    // A PDF runs script only through JavaScript actions; the name must stay text.
    expect(pdf, url).not.toMatch(/\/(JS|JavaScript|OpenAction|Launch)\b/)
  }
})

test('CSV cells starting with = + - @ or a tab are neutralised, in the export and for any text', async () => {
  fc.assert(
    fc.property(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string(), (lead, rest) => {
      generated++
      const cell = csvCell(lead + rest)
      const unquoted = cell.startsWith('"') ? cell.slice(1) : cell
      return unquoted.startsWith("'")
    }),
    { numRuns: 200 },
  )
  const res = await manager.get('/api/requests?format=csv')
  expect(res.status).toBe(200)
  const csv = await res.text()
  expect(csv).toContain(`"'=HYPERLINK(`)
  expect(csv).toContain("'+cmd|calc")
  for (const line of csv.split('\r\n'))
    for (const cell of line.split(',')) expect(/^"?[=+\-@\t]/.test(cell) && !/^"?-?\d/.test(cell), `cell ${cell}`).toBe(false)
  expect(generated).toBeGreaterThan(0)
  if (process.env.FUZZ_COUNT) console.log(`fuzz: ${generated} generated inputs`)
})
