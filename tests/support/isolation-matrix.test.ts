// The isolation matrix, driven by the route inventory: organisation B's manager against A's ids, a
// member against owner/admin-only routes and intents, an anonymous caller against everything that
// is not public, runner tokens against another runner's work, a rotated token, one assignment's
// delivery link on another, one request's tracking token on another. Every attempt is refused with
// the error contract and organisation A's data is unchanged (row counts and checksum).
import { beforeAll, beforeEach, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenAssignment } from '../fixtures/dispatch'
import { givenTeammate, organisationOf } from '../fixtures/people'
import type { TestClient } from './client'
import { snapshotOf } from './db-checksum'
import { routeFiles, type RouteFile } from './route-files'
import { ROUTE_INVENTORY, type Method } from './route-inventory'
import { withTestServer } from './server'

const app = withTestServer()
const SECRET = 'ALPHA-SECRET'

type World = Awaited<ReturnType<typeof givenOrganisationA>>
let A: World
let bManager: TestClient
let aMember: TestClient

async function givenOrganisationA() {
  const owner = await app.signedIn('iso-a-owner@x.test')
  const { id: orgId } = await organisationOf('iso-a-owner@x.test')
  const one = await givenAssignment(orgId, 'in_transit')
  const two = await givenAssignment(orgId, 'in_transit')
  await db.property.update({ where: { id: one.property.id }, data: { name: `${SECRET} Harbor` } })
  const product = await db.product.findFirstOrThrow({ where: { organisationId: orgId } })
  await db.product.update({ where: { id: product.id }, data: { name: `${SECRET} Cleaner`, category: `${SECRET} Aisle` } })
  await db.propertyProduct.create({ data: { organisationId: orgId, propertyId: one.property.id, productId: product.id } })
  const invoice = await db.invoice.create({
    data: { organisationId: orgId, invoiceNumber: 'INV-ISO-1', recipientName: `${SECRET} Co`, recipientEmail: 'a@x.test', subtotalCents: 100, totalAmountCents: 100 },
  })
  const notification = await db.notification.create({ data: { organisationId: orgId, type: 'other', message: `${SECRET} message` } })
  const trackingOne = newToken()
  const trackingTwo = newToken()
  await db.productRequest.update({ where: { id: one.request.id }, data: { trackingTokenHash: hashToken(trackingOne), vendorName: `${SECRET} Vendor` } })
  await db.productRequest.update({ where: { id: two.request.id }, data: { trackingTokenHash: hashToken(trackingTwo) } })
  // Organisation A's integrations and standing order, made the way its owner would.
  const apiKey = (await (await owner.post('/api/api-keys', { name: `${SECRET} key`, scopes: ['catalog:read'] })).json()) as { id: string }
  const webhook = (await (await owner.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['request.created'] })).json()) as { id: string }
  const standingOrder = (await (
    await owner.post('/api/standing-orders', { propertyId: one.property.id, vendorName: `${SECRET} linen`, items: [{ productId: product.id, quantity: 4 }], every: 'week', weekday: 1, time: '07:30', timezone: 'UTC' })
  ).json()) as { id: string }
  const ownerUser = await db.user.findFirstOrThrow({ where: { email: 'iso-a-owner@x.test' } })
  for (const made of [apiKey, webhook, standingOrder]) if (typeof made.id !== 'string') throw new Error(`isolation matrix: could not seed organisation A: ${JSON.stringify(made)}`)
  return { owner, orgId, one, two, product, invoice, notification, trackingOne, trackingTwo, apiKey, webhook, standingOrder, ownerUserId: ownerUser.id }
}

/** Organisation A's id for a route's `$param`; a new parameter must be taught here. */
function idFor(file: string, param: string): string {
  const byParam: Record<string, string | undefined> = {
    assignmentId: A.one.assignment.id,
    propertyId: A.one.property.id,
    productId: A.product.id,
    runnerId: A.one.runner.id,
    userId: A.ownerUserId,
    token: A.trackingOne,
    // A category is named, not numbered: organisation A's, which B must neither read nor translate.
    name: `${SECRET} Aisle`,
    file: 'nothing.jpg',
    '*': 'nothing',
  }
  if (param === 'id') {
    const byPrefix: [string, string][] = [
      ['api.api-keys', A.apiKey.id],
      ['api.dispatch.assign', A.one.assignment.id],
      ['api.invoices', A.invoice.id],
      ['api.notifications', A.notification.id],
      ['api.products', A.product.id],
      ['api.properties', A.one.property.id],
      ['api.requests', A.one.request.id],
      ['api.standing-orders', A.standingOrder.id],
      ['api.webhooks', A.webhook.id],
    ]
    const found = byPrefix.find(([prefix]) => file.startsWith(prefix))
    if (found) return found[1]
  }
  const id = byParam[param]
  if (!id) throw new Error(`isolation matrix: say which organisation-A id fills $${param} of app/routes/${file} (tests/support/isolation-matrix.test.ts idFor)`)
  return id
}

/** Every id field a body might carry, all pointing at organisation A. */
function bodyOfAIds() {
  return {
    id: A.one.request.id,
    requestId: A.one.request.id,
    requestIds: [A.one.request.id],
    runnerId: A.one.runner.id,
    propertyId: A.one.property.id,
    productId: A.product.id,
    productIds: [A.product.id],
    invoiceId: A.invoice.id,
    assignmentId: A.one.assignment.id,
    notificationId: A.notification.id,
    standingOrderId: A.standingOrder.id,
    status: 'completed',
    name: 'Taken over',
  }
}

/** A body each owner/admin-only route would accept from an owner, so a member's refusal is about the role, not the input. */
function aValidOwnerAdminBody(file: string) {
  // A role change takes exactly { role }.
  if (file.startsWith('api.members.')) return { role: 'member' }
  return { lowStockThreshold: 1, role: 'member', name: 'Member key', scopes: ['catalog:read'], url: 'http://127.0.0.1:9/hook', events: ['request.created'] }
}

function formOfAIds(intent: string): Record<string, string> {
  const body = bodyOfAIds()
  return Object.fromEntries([...Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v[0]! : v]), ['intent', intent]])
}

const withParams = (route: RouteFile, fill: (p: string) => string) => {
  let url = route.url
  for (const p of route.params) url = url.replace(`walk-${p}`, encodeURIComponent(fill(p)))
  return url
}

type Refusal = { who: string; url: string; method: string; status: number; body: string }
const problems: string[] = []
beforeEach(() => {
  problems.length = 0
})

function expectRefused(r: Refusal, options: { api: boolean; allowRedirect?: boolean }) {
  const where = `${r.who} ${r.method} ${r.url} answered ${r.status}`
  const redirectOk = options.allowRedirect && r.status >= 300 && r.status < 400
  if (!redirectOk && (r.status < 400 || r.status >= 500)) problems.push(`${where}: expected a refusal. ${r.body.slice(0, 160)}`)
  if (options.api && r.status >= 400) {
    try {
      if (typeof JSON.parse(r.body).error !== 'string') problems.push(`${where}: no { error }`)
    } catch {
      problems.push(`${where}: not JSON`)
    }
  }
  if (r.body.includes(SECRET)) problems.push(`${where}: leaked organisation A's data`)
}

async function call(client: TestClient, who: string, url: string, method: Method, body?: unknown, isForm = false) {
  const abort = new AbortController()
  const init = method === 'GET' ? { method } : isForm ? { method, form: body as Record<string, string> } : { method, json: body ?? {} }
  const res = await client.fetch(url, { ...init, signal: abort.signal })
  return { who, url, method, status: res.status, body: await textOf(res, abort) }
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

beforeAll(async () => {
  A = await givenOrganisationA()
  bManager = await app.signedIn('iso-b-owner@x.test')
  await givenTeammate('iso-a-owner@x.test', 'iso-a-member@x.test', 'member')
  aMember = await app.signedIn('iso-a-member@x.test')
})

const routes = routeFiles().filter((r) => r.file !== 'logout.ts')
const entryOf = (r: RouteFile) => ROUTE_INVENTORY[r.file]!

test('organisation B’s manager cannot read, change, delete, export, e-mail or download organisation A’s things', { timeout: 60_000 }, async () => {
  const before = await snapshotOf(A.orgId)
  let attempts = 0
  for (const route of routes) {
    const entry = entryOf(route)
    if (!entry.callers.some((c) => c === 'manager' || c === 'member-needs-owner/admin')) continue
    const url = withParams(route, (p) => idFor(route.file, p))
    for (const method of entry.methods.filter((m) => m !== 'HEAD')) {
      if (method === 'POST' && entry.kind === 'page') {
        for (const intent of entry.intents ?? ['']) {
          attempts++
          const r = await call(bManager, 'B manager', url, 'POST', formOfAIds(intent), true)
          // A page answers a refused form with a redirect and a toast; what matters is that A is untouched and unseen.
          if (r.status >= 500 || r.body.includes(SECRET)) problems.push(`B manager POST ${url} intent=${intent} answered ${r.status}`)
        }
        continue
      }
      attempts++
      const r = await call(bManager, 'B manager', url, method, method === 'GET' ? undefined : bodyOfAIds())
      if (route.params.length > 0) expectRefused(r, { api: url.startsWith('/api/') })
      else if (r.status >= 500 || r.body.includes(SECRET)) problems.push(`B manager ${method} ${url} answered ${r.status}${r.body.includes(SECRET) ? ' with A’s data' : ''}`)
    }
  }
  expect(problems).toEqual([])
  expect(attempts).toBeGreaterThan(60)
  expect(await snapshotOf(A.orgId)).toEqual(before)
})

test('a member is refused what needs an owner or admin, and nothing changes', async () => {
  const before = await snapshotOf(A.orgId)
  for (const route of routes) {
    const entry = entryOf(route)
    if (entry.callers.includes('member-needs-owner/admin')) {
      for (const method of entry.methods.filter((m) => m !== 'HEAD')) {
        const r = await call(aMember, 'member', withParams(route, (p) => idFor(route.file, p)), method, method === 'GET' ? undefined : aValidOwnerAdminBody(route.file))
        if (r.status !== 403) problems.push(`member ${method} ${r.url} answered ${r.status}, expected 403: ${r.body.slice(0, 120)}`)
      }
    }
    for (const intent of entry.ownerAdminIntents ?? []) {
      const r = await call(aMember, 'member', route.url, 'POST', { intent, maintenanceMode: 'on', maxUploadSizeMb: '1' }, true)
      if (r.status >= 500) problems.push(`member POST ${route.url} intent=${intent} answered ${r.status}`)
    }
  }
  expect(problems).toEqual([])
  expect(await snapshotOf(A.orgId)).toEqual(before)
})

test('an anonymous caller is refused everything that is not public', { timeout: 60_000 }, async () => {
  const before = await snapshotOf(A.orgId)
  const anonymous = app.client()
  for (const route of routes) {
    const entry = entryOf(route)
    if (entry.callers.includes('anonymous')) continue
    // Token routes get no token, or a made-up one where the token is part of the path.
    const url = withParams(route, (p) => (p === 'token' ? 'made-up-token' : idFor(route.file, p)))
    for (const method of entry.methods.filter((m) => m !== 'HEAD')) {
      const isForm = entry.kind !== 'api'
      const r = await call(anonymous, 'anonymous', url, method, method === 'GET' ? undefined : isForm ? formOfAIds(entry.intents?.[0] ?? '') : bodyOfAIds(), isForm)
      // Pages send a stranger to /login, and answer a refused form post with a redirect and an error toast.
      const redirected = r.status === 302 && (method === 'POST' || !entry.callers.some((c) => c.endsWith('token')))
      expectRefused(r, { api: url.startsWith('/api/'), allowRedirect: redirected })
    }
  }
  expect(problems).toEqual([])
  expect(await snapshotOf(A.orgId)).toEqual(before)
})

test('tokens open only their own work: another runner’s assignment, a rotated token, another link, another request', async () => {
  const { one, two } = A
  const anyone = app.client()
  const before = await snapshotOf(A.orgId)
  const attempts: [string, () => Promise<Refusal>, boolean][] = [
    // Runner two's token on runner one's assignment and list.
    ['runner token, other assignment', () => call(anyone, 'runner 2', `/api/delivery/${one.assignment.id}?token=${two.runnerToken}`, 'GET'), true],
    ['runner token, other assignment', () => call(anyone, 'runner 2', `/api/dispatch/assign/${one.assignment.id}?token=${two.runnerToken}`, 'PATCH', { status: 'delivered' }), true],
    ['runner token, other proof', () => call(anyone, 'runner 2', `/api/dispatch/assign/${one.assignment.id}/proof?token=${two.runnerToken}`, 'POST', { imageUrl: '/images/x.jpg' }), true],
    ['runner token, other runner', () => call(anyone, 'runner 2', `/api/runners/${one.runner.id}/assignments?token=${two.runnerToken}`, 'GET'), true],
    ['runner token, other portal', () => call(anyone, 'runner 2', `/runner/${one.runner.id}/${two.runnerToken}`, 'GET'), false],
    ['runner token, other portal post', () => call(anyone, 'runner 2', `/runner/${one.runner.id}/${two.runnerToken}`, 'POST', { intent: 'status', assignmentId: one.assignment.id, status: 'delivered' }, true), false],
    // One assignment's delivery link on the other.
    ['link token, other assignment', () => call(anyone, 'link 2', `/api/delivery/${one.assignment.id}?token=${two.linkToken}`, 'GET'), true],
    ['link token, other assignment', () => call(anyone, 'link 2', `/api/dispatch/assign/${one.assignment.id}?token=${two.linkToken}`, 'PATCH', { status: 'delivered' }), true],
    ['link token, other page', () => call(anyone, 'link 2', `/delivery/${one.assignment.id}/${two.linkToken}`, 'GET'), false],
    ['link token, other page post', () => call(anyone, 'link 2', `/delivery/${one.assignment.id}/${two.linkToken}`, 'POST', { intent: 'status', status: 'delivered' }, true), false],
    // A tracking token shows its own request only.
    ['tracking token, made up', () => call(anyone, 'tracker', `/track/${newToken()}`, 'GET'), false],
  ]
  for (const [label, attempt, api] of attempts) {
    const r = await attempt()
    const redirectOk = !api && r.method === 'POST'
    expectRefused({ ...r, who: label }, { api, allowRedirect: redirectOk })
  }
  const own = await call(anyone, 'tracker 2', `/track/${A.trackingTwo}`, 'GET')
  expect(own.status).toBe(200)
  expect(own.body).not.toContain(SECRET)
  expect(own.body).not.toContain(A.one.request.orderNumber)

  // A rotated token opens nothing any more.
  const oldToken = one.runnerToken
  await db.runner.update({ where: { id: one.runner.id }, data: { tokenHash: hashToken(newToken()) } })
  const rotatedBefore = await snapshotOf(A.orgId)
  for (const attempt of [
    () => call(anyone, 'rotated', `/api/delivery/${one.assignment.id}?token=${oldToken}`, 'GET'),
    () => call(anyone, 'rotated', `/api/runners/${one.runner.id}/assignments?token=${oldToken}`, 'GET'),
    () => call(anyone, 'rotated', `/api/dispatch/assign/${one.assignment.id}?token=${oldToken}`, 'PATCH', { status: 'delivered' }),
  ])
    expectRefused(await attempt(), { api: true })
  const portal = await call(anyone, 'rotated', `/runner/${one.runner.id}/${oldToken}`, 'GET')
  expectRefused(portal, { api: false })
  expect(problems).toEqual([])
  expect(await snapshotOf(A.orgId)).toEqual(rotatedBefore)
  expect((await snapshotOf(A.orgId)).counts).toEqual(before.counts)
})
