// GET /api/track/:token/events (issue 30): a vendor's tracking page hears, as it happens, that its
// request, its delivery or an earlier stop of its run changed, and nothing of anyone else's work.
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenPendingRequest, givenRunner } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { listen, until } from '../../../tests/support/event-stream'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

/** A pending request at a geocoded property; `tracked` gives it a tracking link. */
async function pendingAt(orgId: string, lat: number, tracked = false) {
  const token = newToken()
  const made = await givenPendingRequest(orgId, tracked ? { trackingTokenHash: hashToken(token) } : {})
  await db.property.update({ where: { id: made.property.id }, data: { latitude: lat, longitude: -74.0, geocodedAddress: made.property.address } })
  return { ...made, token }
}

const changes = (stream: Awaited<ReturnType<typeof listen>>) => stream.events.filter((e) => e.event === 'changed').length

async function assignmentOf(requestId: string) {
  return db.runnerAssignment.findFirstOrThrow({ where: { requestId } })
}

describe('GET /api/track/:token/events', () => {
  test('a made-up token is 404 and a delivered request 204 (nothing left to follow)', async () => {
    const missing = await app.client().get(`/api/track/${newToken()}/events`)
    expect(missing.status).toBe(404)
    expect((await missing.json()).error).toBeTruthy()
    await app.signedIn('track-live-done@x.test')
    const org = await organisationOf('track-live-done@x.test')
    const done = await pendingAt(org.id, 40.7, true)
    await db.productRequest.update({ where: { id: done.request.id }, data: { status: 'completed' } })
    const res = await app.client().get(`/api/track/${done.token}/events`)
    expect(res.status).toBe(204)
  })

  test('hears its request given to a run and each earlier stop of that run, and not another request’s delivery', async () => {
    const manager = await app.signedIn('track-live@x.test')
    const org = await organisationOf('track-live@x.test')
    await db.organisationSettings.upsert({
      where: { organisationId: org.id },
      create: { organisationId: org.id, depotAddress: 'Depot', depotLatitude: 40.7, depotLongitude: -74.0 },
      update: { depotAddress: 'Depot', depotLatitude: 40.7, depotLongitude: -74.0 },
    })
    const first = await pendingAt(org.id, 40.71)
    const followed = await pendingAt(org.id, 40.72, true)
    const elsewhere = await pendingAt(org.id, 40.75)
    const { runner } = await givenRunner(org.id)
    const { runner: other } = await givenRunner(org.id)

    const stream = await listen(app.client(), `/api/track/${followed.token}/events`)
    try {
      expect(stream.res.status).toBe(200)
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream')
      expect(await until(stream.connected, 2000)).toBe(true)

      // The run: the followed request is its second stop.
      const made = await manager.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [first.request.id, followed.request.id] })
      expect(made.status).toBe(201)
      expect(await until(() => changes(stream) >= 1, 2000)).toBe(true)

      // Another request, another runner: the tracking page has nothing new to show.
      expect((await manager.post('/api/dispatch/runs', { runnerId: other.id, requestIds: [elsewhere.request.id] })).status).toBe(201)
      const elsewhereAssignment = await assignmentOf(elsewhere.request.id)
      expect((await manager.patch(`/api/dispatch/assign/${elsewhereAssignment.id}`, { status: 'in_transit' })).status).toBe(200)
      await new Promise((r) => setTimeout(r, 900))
      const before = changes(stream)

      // The first stop delivered moves the followed request to "stop 1 of 1 left": heard.
      const firstAssignment = await assignmentOf(first.request.id)
      expect((await manager.patch(`/api/dispatch/assign/${firstAssignment.id}`, { status: 'in_transit' })).status).toBe(200)
      expect(await until(() => changes(stream) > before, 2000)).toBe(true)
      expect(stream.events.every((e) => JSON.stringify(e.data) === '{}')).toBe(true)
    } finally {
      await stream.close()
    }
  })

  test('a change between reading the page and opening the stream is told at once (?since=)', async () => {
    const manager = await app.signedIn('track-live-since@x.test')
    const org = await organisationOf('track-live-since@x.test')
    const followed = await pendingAt(org.id, 40.72, true)
    const { runner } = await givenRunner(org.id)
    const page = await app.client().get(`/track/${followed.token}`)
    const html = await page.text()
    const since = /data-live-src="[^"]*since=(\d+)"/.exec(html)?.[1]
    expect(since).toBeDefined()

    expect((await manager.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [followed.request.id] })).status).toBe(201)
    const late = await listen(app.client(), `/api/track/${followed.token}/events?since=${since}`)
    // Opened after the change: without ?since= it would have nothing to say.
    const fresh = await listen(app.client(), `/api/track/${followed.token}/events`)
    try {
      expect(await until(() => changes(late) === 1, 2000)).toBe(true)
      await new Promise((r) => setTimeout(r, 700))
      expect(changes(fresh)).toBe(0)
    } finally {
      await Promise.all([late.close(), fresh.close()])
    }
  })
})
