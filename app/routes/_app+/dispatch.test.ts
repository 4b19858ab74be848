// The Dispatch page's form posts, as a manager without JavaScript would send them.
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { MOCK_SMS_INVALID_NUMBER } from '../../../tests/mocks/sms'
import { givenPendingRequest, givenRunner, givenAssignment } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

describe('the Dispatch page', () => {
  test('adding a runner shows the portal link once, in plain words, and the errors of bad input', async () => {
    const client = await app.signedIn('dispatch-page-add@x.test')
    const bad = await client.postForm('/dispatch', {
      intent: 'add-runner',
      name: '',
      phone: '',
    })
    expect(bad.status).toBe(400)
    const badHtml = await bad.text()
    expect(badHtml).toContain('Name is required')
    expect(badHtml).toContain('Phone number is required')

    const res = await client.postForm('/dispatch', {
      intent: 'add-runner',
      name: 'Pat Porter',
      phone: '+15550199',
      email: '',
    })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Runner Added')
    const link = html.match(/\/runner\/[\w-]+\/[\w%-]+/)?.[0]
    expect(link).toBeTruthy()
    // Issue 34: the link with a way to text it and to dismiss it without JavaScript; no "auth token".
    expect(html).toMatch(/href="sms:\+15550199\?&amp;body=Hi%20Pat%2C%20this%20link%20opens%20your%20deliveries%3A%20https?%3A%2F%2F[^"]+%2Frunner%2F/)
    expect(html).toMatch(/<form method="get" action="\/dispatch">.*?Dismiss<\/button><\/form>/s)
    expect(html.replace(/<script[\s\S]*?<\/script>/g, '')).not.toMatch(/auth token/i)
    expect((await app.client().get(link!)).status).toBe(200)
    expect(await (await client.get('/dispatch')).text()).not.toContain(link!)
  })

  test('assigning from the queue and generating a link', async () => {
    const client = await app.signedIn('dispatch-page-assign@x.test')
    const orgId = (await organisationOf('dispatch-page-assign@x.test')).id
    const { request } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId, { name: 'Quinn Quick' })
    const page = await (await client.get(`/dispatch?assign=${request.id}`)).text()
    expect(page).toContain('Pending Orders')
    expect(page).toContain('Assign Runner')

    const missing = await client.postForm('/dispatch', {
      intent: 'assign',
      requestId: request.id,
      runnerId: '',
    })
    expect(missing.status).toBe(302)
    expect(await (await client.get(missing.headers.get('location')!)).text()).toContain('Runner is required')

    const assigned = await client.postForm('/dispatch', {
      intent: 'assign',
      requestId: request.id,
      runnerId: runner.id,
      notes: 'Side gate',
    })
    expect(assigned.headers.get('location')).toBe('/dispatch')
    const assignment = await db.runnerAssignment.findFirstOrThrow({
      where: { requestId: request.id },
    })
    const after = await (await client.get('/dispatch')).text()
    expect(after).toContain('Assignment Created')
    expect(after).toContain(`#${assignment.id.slice(-8)}`)

    const linked = await client.postForm('/dispatch', {
      intent: 'link',
      assignmentId: assignment.id,
    })
    const linkHtml = await linked.text()
    const url = linkHtml.match(/https?:\/\/[^"]+\/delivery\/[\w-]+\/[\w%-]+/)?.[0]
    expect(url).toBeTruthy()
    expect((await app.client().get(new URL(url!).pathname)).status).toBe(200)
  })

  describe('after assigning, the toast names whom the link and the requester updates went to', () => {
    const SMS_ENV = { TWILIO_ACCOUNT_SID: 'ACmock', TWILIO_AUTH_TOKEN: 'mock-auth', TWILIO_FROM: '+15005550006' }
    afterEach(() => {
      for (const key of Object.keys(SMS_ENV)) delete process.env[key]
    })

    async function assignAndRead(email: string, phone: string, listener?: { channel: string; address: string }) {
      const client = await app.signedIn(email)
      const orgId = (await organisationOf(email)).id
      const { request } = await givenPendingRequest(orgId)
      const { runner } = await givenRunner(orgId, { name: 'Quinn Quick', phone })
      if (listener) await db.requesterSubscription.create({ data: { organisationId: orgId, requestId: request.id, ...listener, stopToken: `stop-${email}` } })
      const res = await client.postForm('/dispatch', { intent: 'assign', requestId: request.id, runnerId: runner.id })
      expect(res.headers.get('location')).toBe('/dispatch')
      return (await (await client.get('/dispatch')).text()).replace(/&#x27;/g, "'")
    }

    test('sent by SMS, and the requester told by e-mail', async () => {
      Object.assign(process.env, SMS_ENV)
      const html = await assignAndRead('dispatch-toast-sent@x.test', '+15550181', { channel: 'email', address: 'vera@vendor.test' })
      expect(html).toContain('Delivery link by SMS sent to Quinn Quick (+15550181).')
      expect(html).toMatch(/Update by e-mail (sent to|for) the requester at vera@vendor\.test/)
    })

    test('refused by the SMS provider', async () => {
      Object.assign(process.env, SMS_ENV)
      const html = await assignAndRead('dispatch-toast-failed@x.test', MOCK_SMS_INVALID_NUMBER)
      expect(html).toContain(`Delivery link by SMS could not be sent to Quinn Quick (${MOCK_SMS_INVALID_NUMBER}).`)
    })

    test('not sent without an SMS account', async () => {
      const html = await assignAndRead('dispatch-toast-skipped@x.test', '+15550182')
      expect(html).toContain('Delivery link by SMS not sent to Quinn Quick (+15550182): no SMS account is configured.')
    })
  })

  test("another organisation's assignment cannot be linked from here", async () => {
    const client = await app.signedIn('dispatch-page-a@x.test')
    await app.signedIn('dispatch-page-b@x.test')
    const other = (await organisationOf('dispatch-page-b@x.test')).id
    const { assignment } = await givenAssignment(other)
    const res = await client.postForm('/dispatch', {
      intent: 'link',
      assignmentId: assignment.id,
    })
    expect(res.status).toBe(302)
    expect(await (await client.get('/dispatch')).text()).toContain('Generation Failed')
  })

  test('each list shows its oldest 50 with a plain link to the next 50, and the assign link keeps the page', async () => {
    const client = await app.signedIn('dispatch-page-more@x.test')
    const orgId = (await organisationOf('dispatch-page-more@x.test')).id
    const { runner } = await givenRunner(orgId, { name: 'Morgan More' })
    const start = Date.now() - 3_600_000
    const at = (i: number) => new Date(start + i * 1000)
    // Written in bulk: a slow setup would leave the test client's kept-alive connection idle too long.
    const orders = Array.from({ length: 52 }, (_, i) => `ORD-MORE-${String(i).padStart(2, '0')}`)
    await db.productRequest.createMany({ data: orders.map((orderNumber, i) => ({ organisationId: orgId, orderNumber, vendorName: 'Vera Vendor', createdAt: at(i) })) })
    const busy = Array.from({ length: 51 }, (_, i) => ({ id: crypto.randomUUID(), orderNumber: `ORD-BUSY-${String(i).padStart(2, '0')}` }))
    await db.productRequest.createMany({ data: busy.map((r) => ({ ...r, organisationId: orgId, vendorName: 'Vera Vendor', status: 'in_progress' })) })
    const assigned = busy.map(() => crypto.randomUUID())
    await db.runnerAssignment.createMany({
      data: busy.map((r, i) => ({ id: assigned[i]!, organisationId: orgId, requestId: r.id, runnerId: runner.id, assignedAt: at(i) })),
    })
    await givenAssignment(orgId, 'delivered')

    const first = await (await client.get('/dispatch')).text()
    expect(first).toContain(orders[49])
    expect(first).not.toContain(orders[50])
    expect(first).toContain('52 waiting for a runner; the first 50 shown (urgent, then soonest needed, then oldest)')
    expect(first).toContain('href="/dispatch?queue=100"')
    expect(first).toContain(`#${assigned[49]!.slice(-8)}`)
    expect(first).not.toContain(`#${assigned[50]!.slice(-8)}`)
    // The delivered one is not under way.
    expect(first).toContain('51 under way; the oldest 50 shown')
    expect(first).toContain('href="/dispatch?current=100"')

    const more = await (await client.get('/dispatch?queue=100&current=100')).text()
    expect(more).toContain(orders[51])
    expect(more).toContain('52 waiting for a runner')
    expect(more).not.toContain('Show More Pending Orders')
    expect(more).toContain(`#${assigned[50]!.slice(-8)}`)
    expect(more).toContain('51 under way')
    expect(more).not.toContain('Show More Assignments')
    // Assigning an order from further down keeps the rows shown, so its dialog finds it.
    expect(more).toMatch(/href="\/dispatch\?queue=100&amp;current=100&amp;assign=[\w-]+"/)
  })

  test('Pending Orders says exactly how many wait: a pending order an open assignment covers is not counted, one whose delivery ended is', async () => {
    const client = await app.signedIn('dispatch-page-count@x.test')
    const orgId = (await organisationOf('dispatch-page-count@x.test')).id
    const { runner } = await givenRunner(orgId)
    const requests = Array.from({ length: 53 }, (_, i) => ({ id: crypto.randomUUID(), orderNumber: `ORD-CNT-${String(i).padStart(2, '0')}` }))
    // A second apart, oldest first: rows made in one statement can share a time, and the list then
    // orders them by id (random), which left ORD-CNT-01 out of the first 50 one run in twenty.
    const start = Date.now() - 60 * 60_000
    await db.productRequest.createMany({ data: requests.map((r, i) => ({ ...r, organisationId: orgId, vendorName: 'Vera Vendor', createdAt: new Date(start + i * 1000) })) })
    // Still pending as far as the request's own status goes, but under way with a runner.
    await db.runnerAssignment.create({ data: { organisationId: orgId, requestId: requests[0]!.id, runnerId: runner.id, status: 'in_transit' } })
    // Its delivery was cancelled: it waits again.
    await db.runnerAssignment.create({ data: { organisationId: orgId, requestId: requests[1]!.id, runnerId: runner.id, status: 'cancelled' } })
    const page = await (await client.get('/dispatch')).text()
    expect(page).toContain('52 waiting for a runner; the first 50 shown (urgent, then soonest needed, then oldest)')
    expect(page).toContain(requests[1]!.orderNumber)
    // The count is kept between views until something is written: assigning one makes it one fewer.
    expect(await (await client.get('/dispatch')).text()).toContain('52 waiting for a runner')
    expect((await client.post('/api/dispatch/assign', { requestId: requests[2]!.id, runnerId: runner.id })).status).toBe(201)
    expect(await (await client.get('/dispatch')).text()).toContain('51 waiting for a runner; the first 50 shown')
  })

  test('a stop moves up or down by its buttons; any other direction is refused and changes nothing', async () => {
    const client = await app.signedIn('dispatch-page-move@x.test')
    const org = await organisationOf('dispatch-page-move@x.test')
    const at = async (lat: number) => {
      const made = await givenPendingRequest(org.id)
      await db.property.update({ where: { id: made.property.id }, data: { latitude: lat, longitude: -74.0, geocodedAddress: made.property.address } })
      return made
    }
    const [first, second] = [await at(40.71), await at(40.72)]
    const { runner } = await givenRunner(org.id)
    const made = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [first.request.id, second.request.id] })
    const { run } = (await made.json()) as { run: { id: string; stops: Array<{ propertyId: string }> } }
    const order = async () => (await db.runStop.findMany({ where: { runId: run.id }, orderBy: { stopOrder: 'asc' } })).map((s) => s.propertyId)
    const planned = await order()

    const sideways = await client.follow(await client.postForm('/dispatch', { intent: 'move-stop', runId: run.id, propertyId: planned[0]!, direction: 'sideways' }))
    expect(await sideways.res.text()).toContain('A stop moves up or down')
    expect(await order()).toEqual(planned)

    const down = await client.follow(await client.postForm('/dispatch', { intent: 'move-stop', runId: run.id, propertyId: planned[0]!, direction: 'down' }))
    expect(await down.res.text()).toContain('Run Reordered')
    expect(await order()).toEqual([planned[1], planned[0]])
  })
})
