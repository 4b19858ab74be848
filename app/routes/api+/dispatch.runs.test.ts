// Runs through the /api: several pending requests for one runner in a planned order, all or nothing,
// the manager's own order, and the runners suggested for a request.
// The statement counter goes first: it installs the database client the app shares.
import { queriesDuring } from '../../../tests/support/query-count'
import { describe, expect, test, vi } from 'vitest'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from '~/areas/stock/depot.server'
import { rankSuggestions } from '~/areas/deliveries/runner-suggestions.server'
import { givenAssignment, givenPendingRequest, givenRunner } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { mockCoordinates } from '../../../tests/mocks/geocode'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function manager(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

/** A property at a known place (geocoded), with a pending request. */
async function pendingAt(orgId: string, lat: number, lng: number, name: string) {
  const made = await givenPendingRequest(orgId)
  await db.property.update({ where: { id: made.property.id }, data: { name, latitude: lat, longitude: lng, geocodedAddress: made.property.address } })
  return made
}

/** A second pending request at the same property. */
async function anotherAt(orgId: string, propertyId: string) {
  const made = await givenPendingRequest(orgId)
  await db.productRequest.update({ where: { id: made.request.id }, data: { propertyId } })
  return made.request
}

async function atDepot(orgId: string, lat: number, lng: number) {
  await db.organisationSettings.upsert({
    where: { organisationId: orgId },
    create: { organisationId: orgId, depotAddress: 'Depot', depotLatitude: lat, depotLongitude: lng },
    update: { depotAddress: 'Depot', depotLatitude: lat, depotLongitude: lng },
  })
}

type RunAnswer = { run: { id: string; runnerId: string; stops: Array<{ order: number; propertyId: string; requestIds: string[]; assignmentIds: string[]; distanceKm: number | null }>; totalKm: number | null } }

describe('making a run', () => {
  test('a stop whose address is not on the map has no distance, nor has the run, rather than a made-up one', async () => {
    const { client, orgId } = await manager('runs-unmapped@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const mapped = await pendingAt(orgId, 40.71, -74.0, 'Mapped')
    const unmapped = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId)

    const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [mapped.request.id, unmapped.request.id] })
    expect(res.status).toBe(201)
    const { run } = (await res.json()) as RunAnswer
    const byProperty = new Map(run.stops.map((s) => [s.propertyId, s.distanceKm]))
    expect(byProperty.get(unmapped.property.id)).toBeNull()
    expect(run.totalKm).toBeNull()
    // From the depot to the mapped stop is known when it comes first.
    if (run.stops[0]!.propertyId === mapped.property.id) expect(run.stops[0]!.distanceKm).toBeCloseTo(1.1, 1)
  })

  test('a run without depot or shared position starts nowhere known: its first leg has no distance', async () => {
    const { client, orgId } = await manager('runs-no-start@x.test')
    const only = await pendingAt(orgId, 40.71, -74.0, 'Only')
    const { runner } = await givenRunner(orgId)
    const { run } = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [only.request.id] })).json()) as RunAnswer
    expect(run.stops[0]!.distanceKm).toBeNull()
    expect(run.totalKm).toBeNull()
  })

  test('four requests at three properties become three stops, nearest first from the depot, each request its own assignment', async () => {
    const { client, orgId } = await manager('runs-make@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const far = await pendingAt(orgId, 40.73, -74.0, 'Far')
    const near = await pendingAt(orgId, 40.71, -74.0, 'Near')
    const middle = await pendingAt(orgId, 40.72, -74.0, 'Middle')
    const nearAgain = await anotherAt(orgId, near.property.id)
    const { runner } = await givenRunner(orgId)

    const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [far.request.id, near.request.id, middle.request.id, nearAgain.id] })
    expect(res.status).toBe(201)
    const { run } = (await res.json()) as RunAnswer
    expect(run.runnerId).toBe(runner.id)
    expect(run.stops.map((s) => s.propertyId)).toEqual([near.property.id, middle.property.id, far.property.id])
    expect(run.stops.map((s) => s.order)).toEqual([1, 2, 3])
    expect(run.stops[0]!.requestIds.sort()).toEqual([near.request.id, nearAgain.id].sort())
    expect(run.stops[0]!.assignmentIds).toHaveLength(2)
    expect(run.stops[0]!.distanceKm).toBeCloseTo(1.1, 1)
    expect(run.totalKm).toBeCloseTo(3.3, 1)

    const assignments = await db.runnerAssignment.findMany({ where: { runnerId: runner.id } })
    expect(assignments).toHaveLength(4)
    expect(new Set(assignments.map((a) => a.status))).toEqual(new Set(['assigned']))
    const requests = await db.productRequest.findMany({ where: { id: { in: [far.request.id, near.request.id, middle.request.id, nearAgain.id] } } })
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(['in_progress']))

    const again = await client.get(`/api/dispatch/runs/${run.id}`)
    expect(again.status).toBe(200)
    expect(((await again.json()) as RunAnswer).run.stops.map((s) => s.propertyId)).toEqual(run.stops.map((s) => s.propertyId))
  })

  test('a run of 20 stops is made in statements that do not grow with its stops', async () => {
    const { client, orgId } = await manager('runs-twenty@x.test')
    const { runner } = await givenRunner(orgId)
    const make = async (n: number) => {
      const ids: string[] = []
      for (let i = 0; i < n; i++) ids.push((await pendingAt(orgId, 40.7 + ((i * 7) % 20) * 0.003, -74.0 + ((i * 11) % 20) * 0.004, `Stop ${n}-${i}`)).request.id)
      return ids
    }
    const [five, twenty] = [await make(5), await make(20)]
    // The organisation's first depot is made by the first write that needs one (issue 37): made here,
    // so neither run measured pays that once-only read.
    await writeTogether((sql) => firstDepotIn(sql, orgId))
    const reads = async (ids: string[]) => {
      const statements = await queriesDuring(async () => {
        const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: ids })
        expect(res.status).toBe(201)
      })
      return statements.filter((q) => /^\s*SELECT/i.test(q)).length
    }
    // How long it takes is the bench's to say ("make a run of 20 stops", ≤ 300 ms), never a test's.
    expect(await reads(twenty)).toBeLessThanOrEqual((await reads(five)) + 0)
  })

  test('starts from the runner’s last position instead of the depot', async () => {
    const { client, orgId } = await manager('runs-position@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const south = await pendingAt(orgId, 40.71, -74.0, 'South')
    const north = await pendingAt(orgId, 40.8, -74.0, 'North')
    const { runner } = await givenRunner(orgId)
    await db.runnerPosition.create({ data: { id: 'pos-runs-position', organisationId: orgId, runnerId: runner.id, latitude: 40.81, longitude: -74.0 } })
    const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [south.request.id, north.request.id] })
    const { run } = (await res.json()) as RunAnswer
    expect(run.stops.map((s) => s.propertyId)).toEqual([north.property.id, south.property.id])
  })

  test('a request no longer pending refuses the whole run with 409 and assigns nothing', async () => {
    const { client, orgId } = await manager('runs-busy@x.test')
    const free = await pendingAt(orgId, 40.71, -74.0, 'Free')
    const taken = await givenAssignment(orgId, 'assigned')
    const { runner } = await givenRunner(orgId)
    const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [free.request.id, taken.request.id] })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toContain(taken.request.orderNumber)
    expect(await db.runnerAssignment.count({ where: { runnerId: runner.id } })).toBe(0)
    expect((await db.productRequest.findUniqueOrThrow({ where: { id: free.request.id } })).status).toBe('pending')
    expect(await db.run.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('another organisation’s request is 404 and nothing is assigned', async () => {
    const { client, orgId } = await manager('runs-other@x.test')
    const other = await manager('runs-other-b@x.test')
    const mine = await pendingAt(orgId, 40.71, -74.0, 'Mine')
    const theirs = await pendingAt(other.orgId, 40.72, -74.0, 'Theirs')
    const { runner } = await givenRunner(orgId)
    const res = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [mine.request.id, theirs.request.id] })
    expect(res.status).toBe(404)
    expect((await res.json()).error).toMatch(/not found/i)
    expect(await db.runnerAssignment.count({ where: { requestId: { in: [mine.request.id, theirs.request.id] } } })).toBe(0)
  })

  test('an inactive runner is 400 and a runner of another organisation 404; nothing is assigned', async () => {
    const { client, orgId } = await manager('runs-inactive@x.test')
    const other = await manager('runs-inactive-b@x.test')
    const one = await pendingAt(orgId, 40.71, -74.0, 'One')
    const { runner: resting } = await givenRunner(orgId, { isActive: false })
    const { runner: stranger } = await givenRunner(other.orgId)
    const inactive = await client.post('/api/dispatch/runs', { runnerId: resting.id, requestIds: [one.request.id] })
    expect(inactive.status).toBe(400)
    expect(await inactive.json()).toMatchObject({ error: 'This runner is not active.', fieldErrors: { runnerId: ['This runner is not active.'] } })
    expect((await client.post('/api/dispatch/runs', { runnerId: stranger.id, requestIds: [one.request.id] })).status).toBe(404)
    expect(await db.runnerAssignment.count({ where: { requestId: one.request.id } })).toBe(0)
  })

  test('bad input is 400 with field errors', async () => {
    const { client } = await manager('runs-bad@x.test')
    const res = await client.post('/api/dispatch/runs', { runnerId: '', requestIds: [] })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.fieldErrors).toMatchObject({ runnerId: expect.any(Array), requestIds: expect.any(Array) })
  })
})

describe('a stop of a run, as its delivery answer shows it', () => {
  test('GET /api/delivery/:id keeps its shape and gains the run with stop N of M and an arrival window', async () => {
    const { client, orgId } = await manager('runs-delivery@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const a = await pendingAt(orgId, 40.71, -74.0, 'A')
    const b = await pendingAt(orgId, 40.72, -74.0, 'B')
    const { runner, token } = await givenRunner(orgId)
    const { run } = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [a.request.id, b.request.id] })).json()) as RunAnswer
    const second = run.stops[1]!.assignmentIds[0]!
    const res = await app.client().fetch(`/api/delivery/${second}`, { headers: { 'X-Runner-Token': token } })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ assignment: { id: second, status: 'assigned' }, property: { name: 'B' }, run: { id: run.id, stop: 2, stops: 2 } })
    expect(new Date(body.run.etaTo).getTime()).toBeGreaterThan(new Date(body.run.etaFrom).getTime())
    expect(new Date(body.run.etaFrom).getTime()).toBeGreaterThan(Date.now())

    // The delivery page lists the run with this stop marked and a Navigate link over what is left.
    const page = await (await app.client().get(`/delivery/${second}/${encodeURIComponent(token)}`)).text()
    expect(page).toContain('This Run')
    expect(page).toMatch(/Stop 2: B(<!-- -->)* \(this delivery\)/)
    expect(page).toContain('https://www.google.com/maps/dir/?api=1&amp;destination=')
  })
})

describe('reordering a run', () => {
  test('the manager’s order is kept and the distances follow it', async () => {
    const { client, orgId } = await manager('runs-reorder@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const a = await pendingAt(orgId, 40.71, -74.0, 'A')
    const b = await pendingAt(orgId, 40.72, -74.0, 'B')
    const { runner } = await givenRunner(orgId)
    const { run } = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [a.request.id, b.request.id] })).json()) as RunAnswer
    const res = await client.fetch(`/api/dispatch/runs/${run.id}`, { method: 'PATCH', json: { order: [b.property.id, a.property.id] } })
    expect(res.status).toBe(200)
    const after = ((await res.json()) as RunAnswer).run
    expect(after.stops.map((s) => s.propertyId)).toEqual([b.property.id, a.property.id])
    expect(after.stops[0]!.distanceKm).toBeCloseTo(2.2, 1)

    const wrong = await client.fetch(`/api/dispatch/runs/${run.id}`, { method: 'PATCH', json: { order: [a.property.id] } })
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).fieldErrors.order).toBeDefined()
  })

  test('a finished stop keeps its place: the move action and the new order both refuse to move it, and Dispatch shows no buttons on it', async () => {
    const { client, orgId } = await manager('runs-finished@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const a = await pendingAt(orgId, 40.71, -74.0, 'Alder')
    const b = await pendingAt(orgId, 40.72, -74.0, 'Birch')
    const c = await pendingAt(orgId, 40.73, -74.0, 'Cedar')
    const { runner } = await givenRunner(orgId)
    const { run } = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [a.request.id, b.request.id, c.request.id] })).json()) as RunAnswer
    await db.runnerAssignment.update({ where: { id: run.stops[0]!.assignmentIds[0]! }, data: { status: 'delivered', deliveredAt: new Date() } })
    const order = async () => ((await (await client.get(`/api/dispatch/runs/${run.id}`)).json()) as RunAnswer).run.stops.map((s) => s.propertyId)

    const move = (propertyId: string, direction: string) => client.postForm('/dispatch', { intent: 'move-stop', runId: run.id, propertyId, direction })
    const refused = await move(a.property.id, 'down')
    expect(refused.status).toBe(302)
    expect(await (await client.get(refused.headers.get('location')!)).text()).toContain('Alder is finished (delivered or cancelled) and cannot be moved')
    // Nor is it swapped with from below.
    await move(b.property.id, 'up')
    expect(await order()).toEqual([a.property.id, b.property.id, c.property.id])
    const reordered = await client.fetch(`/api/dispatch/runs/${run.id}`, { method: 'PATCH', json: { order: [b.property.id, a.property.id, c.property.id] } })
    expect(reordered.status).toBe(409)
    expect((await reordered.json()).error).toContain('Alder is finished')
    // Open stops still move among themselves.
    await move(b.property.id, 'down')
    expect(await order()).toEqual([a.property.id, c.property.id, b.property.id])

    const page = await (await client.get('/dispatch')).text()
    expect(page).not.toContain('aria-label="Move Alder earlier"')
    expect(page).not.toContain('aria-label="Move Alder later"')
    expect(page).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Move Cedar earlier"/)
  })

  test('another organisation’s run is 404', async () => {
    const { client, orgId } = await manager('runs-reorder-a@x.test')
    const other = await manager('runs-reorder-b@x.test')
    const a = await pendingAt(orgId, 40.71, -74.0, 'A')
    const { runner } = await givenRunner(orgId)
    const { run } = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [a.request.id] })).json()) as RunAnswer
    expect((await other.client.get(`/api/dispatch/runs/${run.id}`)).status).toBe(404)
    expect((await other.client.fetch(`/api/dispatch/runs/${run.id}`, { method: 'PATCH', json: { order: [a.property.id] } })).status).toBe(404)
  })
})

describe('runner suggestions', () => {
  test('rank fewest open stops first, then nearest', () => {
    const ranked = rankSuggestions([
      { runnerId: 'busy-near', name: 'B', openStops: 2, distanceKm: 0.5, reason: '' },
      { runnerId: 'free-far', name: 'F', openStops: 0, distanceKm: 9, reason: '' },
      { runnerId: 'free-near', name: 'N', openStops: 0, distanceKm: 1, reason: '' },
      { runnerId: 'one', name: 'O', openStops: 1, distanceKm: 0.2, reason: '' },
    ])
    expect(ranked.map((s) => s.runnerId)).toEqual(['free-near', 'free-far', 'one', 'busy-near'])
  })

  test('the answer is best first with a reason a dispatcher reads; inactive runners are left out', async () => {
    const { client, orgId } = await manager('runs-suggest@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const target = await pendingAt(orgId, 40.72, -74.0, 'Target')
    const elsewhere = await pendingAt(orgId, 40.721, -74.0, 'Beside the target')
    const { runner: busy } = await givenRunner(orgId, { name: 'Busy Bea' })
    const { runner: free } = await givenRunner(orgId, { name: 'Free Fred' })
    await givenRunner(orgId, { name: 'Resting Rob', isActive: false })
    await client.post('/api/dispatch/runs', { runnerId: busy.id, requestIds: [elsewhere.request.id] })

    const res = await client.get(`/api/dispatch/suggestions?requestId=${target.request.id}`)
    expect(res.status).toBe(200)
    const { suggestions } = await res.json()
    // Each reason names what it measured from: the depot (nobody shared a position), the last open stop.
    expect(suggestions).toEqual([
      { runnerId: free.id, name: 'Free Fred', openStops: 0, distanceKm: 2.2, reason: 'No position shared; 2.2 km from the depot, no open stops' },
      { runnerId: busy.id, name: 'Busy Bea', openStops: 1, distanceKm: 0.1, reason: '0.1 km from their last open stop, 1 open stop' },
    ])
  })

  test('several requests (the run builder): the distance is to the nearest of their stops, from a shared position, and says so', async () => {
    const { client, orgId } = await manager('runs-suggest-many@x.test')
    const near = await pendingAt(orgId, 40.72, -74.0, 'Near')
    const far = await pendingAt(orgId, 40.8, -74.0, 'Far')
    const alsoNear = await anotherAt(orgId, near.property.id)
    const { runner: sharing } = await givenRunner(orgId, { name: 'Sharing Sam' })
    const { runner: silent } = await givenRunner(orgId, { name: 'Silent Sue' })
    await db.runnerPosition.create({ data: { id: crypto.randomUUID(), organisationId: orgId, runnerId: sharing.id, latitude: 40.7, longitude: -74.0, recordedAt: new Date() } })

    const ids = [far.request.id, near.request.id, alsoNear.id].join(',')
    const res = await client.get(`/api/dispatch/suggestions?requestIds=${ids}`)
    expect(res.status).toBe(200)
    expect((await res.json()).suggestions).toEqual([
      { runnerId: sharing.id, name: 'Sharing Sam', openStops: 0, distanceKm: 2.2, reason: '2.2 km to the nearest stop, no open stops' },
      // No position, no depot, no open stop: nothing to measure from, and it says so (never "0 km away").
      { runnerId: silent.id, name: 'Silent Sue', openStops: 0, distanceKm: null, reason: 'No position shared, no open stops' },
    ])

    // The one-request form answers the same shape, "away" from the position.
    const one = await (await client.get(`/api/dispatch/suggestions?requestId=${near.request.id}`)).json()
    expect(one.suggestions[0]).toEqual({ runnerId: sharing.id, name: 'Sharing Sam', openStops: 0, distanceKm: 2.2, reason: '2.2 km away, no open stops' })
  })

  test('an address the map does not know gives no distance rather than a made-up one', async () => {
    const { client, orgId } = await manager('runs-suggest-unmapped@x.test')
    await atDepot(orgId, 40.7, -74.0)
    const { request } = await givenPendingRequest(orgId)
    await givenRunner(orgId, { name: 'Dee Depot' })
    const { suggestions } = await (await client.get(`/api/dispatch/suggestions?requestIds=${request.id}`)).json()
    expect(suggestions).toEqual([expect.objectContaining({ distanceKm: null, reason: 'The address is not on the map yet, no open stops' })])
    expect(JSON.stringify(suggestions)).not.toMatch(/\b0 km/)
  })

  test('several ids with one of another organisation’s, or an unknown one, are 404 naming it; none or too many are 400', async () => {
    const { client, orgId } = await manager('runs-suggest-many-404@x.test')
    const other = await manager('runs-suggest-many-404-b@x.test')
    const mine = await pendingAt(orgId, 40.72, -74.0, 'Mine')
    const theirs = await pendingAt(other.orgId, 40.72, -74.0, 'Theirs')
    const foreign = await client.get(`/api/dispatch/suggestions?requestIds=${mine.request.id},${theirs.request.id}`)
    expect(foreign.status).toBe(404)
    expect((await foreign.json()).error).toContain(theirs.request.id)
    expect((await client.get(`/api/dispatch/suggestions?requestIds=${mine.request.id},not-a-request`)).status).toBe(404)
    const empty = await client.get('/api/dispatch/suggestions?requestIds=,,')
    expect(empty.status).toBe(400)
    expect((await empty.json()).fieldErrors.requestIds).toBeDefined()
    const tooMany = await client.get(`/api/dispatch/suggestions?requestIds=${Array.from({ length: 241 }, (_, i) => `r${i}`).join(',')}`)
    expect(tooMany.status).toBe(400)
    const tooLong = await client.get(`/api/dispatch/suggestions?requestIds=${'x'.repeat(65)}`)
    expect(tooLong.status).toBe(400)
  })

  test('an unknown or other organisation’s request is 404, a missing one 400', async () => {
    const { client } = await manager('runs-suggest-404@x.test')
    const other = await manager('runs-suggest-404-b@x.test')
    const theirs = await pendingAt(other.orgId, 40.72, -74.0, 'Theirs')
    expect((await client.get(`/api/dispatch/suggestions?requestId=${theirs.request.id}`)).status).toBe(404)
    const missing = await client.get('/api/dispatch/suggestions')
    expect(missing.status).toBe(400)
    expect((await missing.json()).fieldErrors.requestIds).toBeDefined()
  })
})

describe('the depot', () => {
  test('is geocoded when saved, like a property’s address, and a run without a runner position starts there', async () => {
    vi.stubEnv('GOOGLE_MAPS_API_KEY', 'test-key')
    try {
      const { client, orgId } = await manager('runs-depot@x.test')
      expect((await client.put('/api/organisation/settings', { depotAddress: '7 Depot Road, Boston' })).status).toBe(200)
      const depot = mockCoordinates('7 Depot Road, Boston')
      expect(await db.organisationSettings.findUniqueOrThrow({ where: { organisationId: orgId } })).toMatchObject({ depotLatitude: depot.lat, depotLongitude: depot.lng })
      const near = await pendingAt(orgId, depot.lat + 0.001, depot.lng, 'Near the depot')
      const far = await pendingAt(orgId, depot.lat + 0.05, depot.lng, 'Far from it')
      const { runner } = await givenRunner(orgId)
      const { run } = (await (await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [far.request.id, near.request.id] })).json()) as RunAnswer
      expect(run.stops.map((s) => s.propertyId)).toEqual([near.property.id, far.property.id])
      expect(run.stops[0]!.distanceKm).toBeCloseTo(0.1, 1)
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('run settings', () => {
  test('the depot, speed, time per stop and overdue limit are saved, read back, and bad values are 400s that change nothing', async () => {
    const { client } = await manager('runs-settings@x.test')
    const saved = await client.put('/api/organisation/settings', { depotAddress: '9 Depot Lane', averageSpeedKmh: 30, minutesPerStop: 4, overdueAfterMinutes: 45 })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ depotAddress: '9 Depot Lane', averageSpeedKmh: 30, minutesPerStop: 4, overdueAfterMinutes: 45 })
    const bad = await client.put('/api/organisation/settings', { averageSpeedKmh: 0, minutesPerStop: -1, overdueAfterMinutes: 0 })
    expect(bad.status).toBe(400)
    expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(['averageSpeedKmh', 'minutesPerStop', 'overdueAfterMinutes'])
    expect(await (await client.get('/api/organisation/settings')).json()).toMatchObject({ averageSpeedKmh: 30, minutesPerStop: 4, overdueAfterMinutes: 45 })
    expect(await (await client.put('/api/organisation/settings', { overdueAfterMinutes: null })).json()).toMatchObject({ overdueAfterMinutes: null })
  })
})
