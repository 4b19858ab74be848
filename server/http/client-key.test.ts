// Limits count against the real client: Fly-Client-IP only on Fly, the socket elsewhere; signed-in
// managers have their own generous limit, while runner-token and anonymous writes share the tight one.
import { afterEach, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignment, givenPendingRequest, givenRunner } from '../../tests/fixtures/dispatch'
import { organisationOf } from '../../tests/fixtures/people'
import { startTestServer, withTestServer } from '../../tests/support/server'

const app = withTestServer({ rateLimits: { vendorSubmissionsPerMinute: 3, anonymousWritesPerMinute: 5 } })

afterEach(() => {
  delete process.env.FLY_APP_NAME
})

const submitFrom = (address: string) => app.client().fetch('/api/vendor/requests', { method: 'POST', json: {}, headers: { 'Fly-Client-IP': address } })

test('off Fly a made-up Fly-Client-IP is ignored: every submission counts against the socket address', async () => {
  const statuses = []
  for (let i = 0; i < 5; i++) statuses.push((await submitFrom(`203.0.113.${i + 1}`)).status)
  expect(statuses).toEqual([400, 400, 400, 429, 429])
})

test('on Fly the header is the client: different clients are counted apart, one client is limited', async () => {
  process.env.FLY_APP_NAME = 'stockrun'
  const apart = []
  for (let i = 0; i < 5; i++) apart.push((await submitFrom(`198.51.100.${i + 1}`)).status)
  expect(apart).toEqual([400, 400, 400, 400, 400])
  const same = []
  for (let i = 0; i < 4; i++) same.push((await submitFrom('198.51.100.77')).status)
  expect(same).toEqual([400, 400, 400, 429])
})

test('a manager assigns 200 orders in a minute without a 429; runner-token writes still count', { timeout: 120_000 }, async () => {
  const email = 'dispatcher-200@x.test'
  const manager = await app.signedIn(email)
  const { id: orgId } = await organisationOf(email)
  const { request: first, property, product } = await givenPendingRequest(orgId)
  const { runner } = await givenRunner(orgId)
  const requestIds = [first.id]
  for (let i = 1; i < 200; i++) {
    const r = await db.productRequest.create({
      data: {
        organisationId: orgId,
        orderNumber: `ORD-B${i}`,
        vendorName: 'Vera',
        propertyId: property.id,
        items: { create: [{ organisationId: orgId, productId: product.id, productName: product.name, quantity: 1 }] },
      },
    })
    requestIds.push(r.id)
  }
  const started = Date.now()
  const statuses: number[] = []
  for (const requestId of requestIds) statuses.push((await manager.post('/api/dispatch/assign', { requestId, runnerId: runner.id })).status)
  expect(Date.now() - started).toBeLessThan(60_000)
  expect(statuses.filter((s) => s !== 201)).toEqual([])
  expect(await db.runnerAssignment.count({ where: { organisationId: orgId } })).toBe(200)

  // A runner's token is no session: past the anonymous limit (5 a minute here) it is refused.
  const { assignment, runnerToken } = await givenAssignment(orgId, 'assigned')
  const runnerStatuses = []
  for (let i = 0; i < 6; i++) {
    const res = await app.client().fetch(`/api/dispatch/assign/${assignment.id}`, { method: 'PATCH', json: { status: 'bogus' }, headers: { 'X-Runner-Token': runnerToken } })
    runnerStatuses.push(res.status)
  }
  expect(runnerStatuses.at(-1)).toBe(429)
})

test("a manager's own limit is per user: one dispatcher at the limit does not stop another", async () => {
  const server = await startTestServer({ rateLimits: { managerWritesPerMinute: 2, anonymousWritesPerMinute: 100 } })
  try {
    const [a, b] = [server.client(), server.client()]
    await a.signIn('per-user-a@x.test')
    await b.signIn('per-user-b@x.test')
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await a.post('/api/dispatch/assign', {})).status)
    expect(statuses).toEqual([400, 400, 429])
    expect((await b.post('/api/dispatch/assign', {})).status).toBe(400)
  } finally {
    await server.close()
  }
})
