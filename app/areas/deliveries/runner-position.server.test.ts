// Live position (issue 30): a runner's phone shares where it is only while a delivery is in transit,
// at most every 30 s; managers see fresh positions on the map, vendors only a distance.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenAssignment, givenPendingRequest, givenRunner } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'
import { deleteOldPositions, FRESH_MS } from './runner-position.server'

const app = withTestServer()


test('a position is kept only while in transit, at most every 30 s, and the map shows the runner while it is fresh', async () => {
  const manager = await app.signedIn('positions@x.test')
  const { id: orgId } = await organisationOf('positions@x.test')
  const { runner, runnerToken: token, assignment } = await givenAssignment(orgId, 'in_transit', { name: 'Pia Position' })
  const send = (latitude: number, longitude: number) =>
    app.client().fetch(`/api/runners/${runner.id}/position`, { method: 'POST', json: { latitude, longitude }, headers: { 'X-Runner-Token': token } })

  const first = await send(40.75, -73.99)
  expect(first.status).toBe(200)
  expect(await first.json()).toMatchObject({ kept: true })
  expect(await (await send(40.76, -73.98)).json()).toMatchObject({ kept: false })
  expect(await db.runnerPosition.count({ where: { runnerId: runner.id } })).toBe(1)

  const map = await (await manager.get('/map')).text()
  expect(map).toContain('Runner Pia Position')

  const bad = await send(123, -73.98)
  expect(bad.status).toBe(400)

  await db.runnerAssignment.update({ where: { id: assignment.id }, data: { status: 'delivered' } })
  const after = await send(40.77, -73.97)
  expect(after.status).toBe(409)
  expect(await db.runnerPosition.count({ where: { runnerId: runner.id } })).toBe(1)

  // Older than 10 minutes: no longer on the map; older than 7 days: deleted by the primary's job.
  await db.runnerPosition.updateMany({ where: { runnerId: runner.id }, data: { recordedAt: new Date(Date.now() - FRESH_MS - 60_000) } })
  expect(await (await manager.get('/map')).text()).not.toContain('Runner Pia Position')
  await deleteOldPositions(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))
  expect(await db.runnerPosition.count({ where: { runnerId: runner.id } })).toBe(0)
})

test('another runner’s token cannot share a position for this runner', async () => {
  const { id: orgId } = await organisationOf((await app.signedIn('positions-b@x.test'), 'positions-b@x.test'))
  const one = await givenAssignment(orgId, 'in_transit')
  const two = await givenAssignment(orgId, 'in_transit')
  const res = await app.client().fetch(`/api/runners/${one.runner.id}/position`, { method: 'POST', json: { latitude: 40.7, longitude: -74 }, headers: { 'X-Runner-Token': two.runnerToken } })
  expect(res.status).toBe(401)
  expect(await db.runnerPosition.count({ where: { runnerId: { in: [one.runner.id, two.runner.id] } } })).toBe(0)
})

test('the vendor’s tracking page says how far away the runner is, never where', async () => {
  const manager = await app.signedIn('positions-track@x.test')
  const { id: orgId } = await organisationOf('positions-track@x.test')
  const { property, request } = await givenPendingRequest(orgId)
  await db.property.update({ where: { id: property.id }, data: { latitude: 40.7, longitude: -74.0, geocodedAddress: property.address } })
  const tracking = newToken()
  await db.productRequest.update({ where: { id: request.id }, data: { trackingTokenHash: hashToken(tracking) } })
  const { runner, token } = await givenRunner(orgId, { name: 'Tess Track' })
  expect((await manager.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [request.id] })).status).toBe(201)
  await db.runnerAssignment.updateMany({ where: { requestId: request.id }, data: { status: 'in_transit' } })
  const shared = await app.client().fetch(`/api/runners/${runner.id}/position`, { method: 'POST', json: { latitude: 40.7234, longitude: -74.0 }, headers: { 'X-Runner-Token': token } })
  expect(shared.status).toBe(200)

  const html = await (await app.client().get(`/track/${tracking}`)).text()
  expect(html).toContain('Stop 1 of 1')
  expect(html).toContain('The runner is 2.6 km away')
  expect(html).not.toContain('40.7234')
})
