// The isolation matrix, driven by the route inventory: organisation B's manager against A's ids, a
// member against owner/admin-only routes and intents, an anonymous caller against everything that
// is not public, runner tokens against another runner's work, a rotated token, one assignment's
// delivery link on another, one request's tracking token on another. Every attempt is refused with
// the error contract and organisation A's data is unchanged (row counts and checksum).
import { beforeAll, beforeEach, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenTeammate } from '../fixtures/people'
import type { TestClient } from './client'
import { snapshotOf } from './db-checksum'
import { aValidOwnerAdminBody, bodyOfAIds as bodyOfA, call, formOfAIds as formOfA, givenOrganisationA, idFor as idForA, SECRET, withParams, type World } from './organisation-a'
import { routeFiles, type RouteFile } from './route-files'
import { ROUTE_INVENTORY } from './route-inventory'
import { withTestServer } from './server'

const app = withTestServer()
let A: World
let bManager: TestClient
let aMember: TestClient

const idFor = (file: string, param: string) => idForA(A, file, param)
const bodyOfAIds = () => bodyOfA(A)
const formOfAIds = (intent: string) => formOfA(A, intent)

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

beforeAll(async () => {
  A = await givenOrganisationA(await app.signedIn('iso-a-owner@x.test'), 'iso-a-owner@x.test')
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
        const page = entry.kind !== 'api'
        const body = method === 'GET' ? undefined : page ? formOfAIds(entry.intents?.[0] ?? '') : aValidOwnerAdminBody(A, route.file)
        const r = await call(aMember, 'member', withParams(route, (p) => idFor(route.file, p)), method, body, page)
        if (r.status !== 403) problems.push(`member ${method} ${r.url} answered ${r.status}, expected 403: ${r.body.slice(0, 120)}`)
      }
    }
    for (const [intent] of Object.entries(entry.intentPermissions ?? {}).filter(([, permission]) => permission !== 'work')) {
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
    // Runner two's token on runner one's run: its pick list, and the Load the van checklist as their own page and as one's.
    ['runner token, other run’s pick list', () => call(anyone, 'runner 2', `/api/dispatch/runs/${A.run.id}/pick-list?token=${two.runnerToken}`, 'GET'), true],
    ['runner token, other run’s checklist', () => call(anyone, 'runner 2', `/runner/${two.runner.id}/${two.runnerToken}/load/${A.run.id}`, 'GET'), false],
    ['runner token, other run’s checklist post', () => call(anyone, 'runner 2', `/runner/${two.runner.id}/${two.runnerToken}/load/${A.run.id}`, 'POST', { intent: 'load', productIds: A.product.id }, true), false],
    ['runner token, other runner’s checklist', () => call(anyone, 'runner 2', `/runner/${one.runner.id}/${two.runnerToken}/load/${A.run.id}`, 'GET'), false],
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
