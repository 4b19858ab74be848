// Dispatch through its /api: runners and their tokens, assigning, SMS, the assignment status rules,
// proofs, and what a runner or a delivery link may see.
import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { ASSIGNMENT_STATUSES, type AssignmentStatus } from '~/areas/deliveries/dispatch.schema'
import { LINK_TRANSITIONS, STATUS_TRANSITIONS, assignmentView, openAssignmentAsManager } from '~/areas/deliveries/assignment.server'
import { givenAssignment, givenPendingRequest, givenRunner } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { MOCK_SMS_INVALID_NUMBER, sentMessages } from '../../../tests/mocks/sms'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function manager(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

const SMS_ENV = {
  TWILIO_ACCOUNT_SID: 'ACmock',
  TWILIO_AUTH_TOKEN: 'mock-auth',
  TWILIO_FROM: '+15005550006',
}
afterEach(() => {
  for (const key of Object.keys(SMS_ENV)) delete process.env[key]
})

const patchWith = (id: string, token: string, status: string, form: 'header' | 'query' = 'header') =>
  app.client().fetch(`/api/dispatch/assign/${id}${form === 'query' ? `?token=${encodeURIComponent(token)}` : ''}`, {
    method: 'PATCH',
    json: { status },
    headers: form === 'header' ? { 'X-Runner-Token': token } : {},
  })

const proofWith = (
  id: string,
  token: string,
  body: unknown = {
    imageUrl: '/images/proof.jpg',
    thumbnailUrl: '/images/proof-t.jpg',
    notes: 'Left at reception',
  },
) =>
  app.client().fetch(`/api/dispatch/assign/${id}/proof`, {
    method: 'POST',
    json: body,
    headers: { 'X-Runner-Token': token },
  })

describe('runners', () => {
  test('adding a runner answers 201 with the token, once; the list never shows it', async () => {
    const { client } = await manager('runners-add@x.test')
    const res = await client.post('/api/runners', {
      name: ' Rita Runner ',
      phone: '+15550101',
      email: 'rita@x.test',
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Rita Runner',
      phone: '+15550101',
      email: 'rita@x.test',
      authToken: expect.any(String),
    })
    expect(body.authToken.length).toBeGreaterThanOrEqual(22)
    const stored = await db.runner.findUniqueOrThrow({
      where: { id: body.id },
    })
    expect(stored.tokenHash).not.toContain(body.authToken)

    const active = await (await client.get('/api/runners/active')).json()
    expect(active).toEqual([expect.objectContaining({ id: body.id, name: 'Rita Runner' })])
    expect(JSON.stringify(active)).not.toContain(body.authToken)
    expect(JSON.stringify(active)).not.toContain('tokenHash')
  })

  test('name and phone are required, e-mail optional but valid, and nothing is created on bad input', async () => {
    const { client, orgId } = await manager('runners-invalid@x.test')
    const cases: Array<[unknown, string, string]> = [
      [{ name: ' ', phone: '+1555' }, 'name', 'Name is required'],
      [{ name: 'Rita' }, 'phone', 'Phone number is required'],
      [{ name: 'Rita', phone: '+1555', email: 'not-an-email' }, 'email', 'Email must be a valid email address'],
    ]
    for (const [body, field, message] of cases) {
      const res = await client.post('/api/runners', body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        error: message,
        fieldErrors: { [field]: [message] },
      })
    }
    expect(await db.runner.count({ where: { organisationId: orgId } })).toBe(0)
    const blankEmail = await client.post('/api/runners', {
      name: 'Rita',
      phone: '+1555',
      email: '',
    })
    expect(blankEmail.status).toBe(201)
    expect((await blankEmail.json()).email).toBeNull()
  })

  test('the runner routes of managers need a session', async () => {
    const anonymous = app.client()
    for (const [method, path] of [
      ['POST', '/api/runners'],
      ['GET', '/api/runners/active'],
      ['GET', '/api/dispatch/queue'],
      ['GET', '/api/dispatch/assignments'],
      ['POST', '/api/dispatch/assign'],
      ['POST', '/api/dispatch/assign/00000000-0000-0000-0000-000000000000/link'],
      ['POST', '/api/runners/00000000-0000-0000-0000-000000000000/token'],
    ] as const) {
      const res = await anonymous.fetch(path, {
        method,
        json: method === 'POST' ? {} : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(await res.json()).toEqual({ error: 'Not authenticated' })
    }
  })

  test('rotating a token makes the old one stop working and the new one work', async () => {
    const { client, orgId } = await manager('runners-rotate@x.test')
    const { runner, token } = await givenRunner(orgId)
    const before = await app.client().get(`/api/runners/${runner.id}/assignments?token=${token}`)
    expect(before.status).toBe(200)

    const res = await client.post(`/api/runners/${runner.id}/token`)
    expect(res.status).toBe(200)
    const { authToken } = await res.json()
    expect(authToken).not.toBe(token)

    const old = await app.client().get(`/api/runners/${runner.id}/assignments?token=${token}`)
    expect(old.status).toBe(401)
    expect(await old.json()).toEqual({ error: 'Invalid authentication token' })
    expect(
      (
        await app.client().get(`/api/runners/${runner.id}/assignments`, {
          headers: { 'X-Runner-Token': authToken },
        })
      ).status,
    ).toBe(200)
    const page = await app.client().get(`/runner/${runner.id}/${token}`)
    expect(page.status).toBe(401)
  })

  test("another organisation's runner cannot be rotated (404)", async () => {
    const { client } = await manager('runners-rotate-a@x.test')
    const other = await manager('runners-rotate-b@x.test')
    const { runner } = await givenRunner(other.orgId)
    expect((await client.post(`/api/runners/${runner.id}/token`)).status).toBe(404)
  })
})

describe('assigning a runner', () => {
  test('moves the request to in_progress, out of the queue, notifies and answers the shareable link', async () => {
    const { client, orgId } = await manager('assign-ok@x.test')
    const { request } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId, { name: 'Sam Swift' })
    expect((await (await client.get('/api/dispatch/queue')).json()).map((r: { id: string }) => r.id)).toEqual([request.id])

    const res = await client.post('/api/dispatch/assign', {
      requestId: request.id,
      runnerId: runner.id,
      notes: 'Ring twice',
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toMatchObject({
      requestId: request.id,
      runnerId: runner.id,
      status: 'assigned',
      notes: 'Ring twice',
      smsStatus: 'skipped',
    })
    expect(body.shareableUrl).toMatch(new RegExp(`/delivery/${body.id}/[\\w-]+$`))

    expect((await db.productRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('in_progress')
    expect(await (await client.get('/api/dispatch/queue')).json()).toEqual([])
    const current = await (await client.get('/api/dispatch/assignments')).json()
    expect(current).toEqual([
      expect.objectContaining({
        id: body.id,
        runner: expect.objectContaining({ name: 'Sam Swift' }),
      }),
    ])
    expect(
      await db.notification.count({
        where: { organisationId: orgId, assignmentId: body.id },
      }),
    ).toBe(1)

    const order = await app
      .client()
      .get(new URL(body.shareableUrl).pathname.replace('/delivery/', '/api/delivery/').replace(/\/([^/]+)$/, '?token=$1'))
    expect(order.status).toBe(200)
  })

  test('answers exactly what reading the assignment back gives, items in order, one without a product (decision 059)', async () => {
    const { client, orgId } = await manager('assign-answer@x.test')
    const { request } = await givenPendingRequest(orgId, { notes: 'Back door' })
    await db.requestItem.create({ data: { organisationId: orgId, requestId: request.id, productId: null, productName: 'Something else', quantity: 5 } })
    const { runner } = await givenRunner(orgId, { name: 'Ann Answer' })
    const res = await client.post('/api/dispatch/assign', { requestId: request.id, runnerId: runner.id })
    expect(res.status).toBe(201)
    // What the depot could not cover comes beside the assignment (issue 37): nothing on the shelf, so the product line is short.
    const { shareableUrl, shortages, ...answer } = await res.json()
    expect(shortages).toEqual([{ productId: expect.any(String), needed: 2, available: 0, name: 'Glass Cleaner' }])
    expect(shareableUrl).toContain(`/delivery/${answer.id}/`)
    const readBack = JSON.parse(JSON.stringify(assignmentView(await openAssignmentAsManager(orgId, answer.id))))
    expect(answer).toEqual(readBack)
    expect(answer.request.requestedProducts).toEqual([
      expect.objectContaining({ name: 'Glass Cleaner', quantity: 2, category: 'Cleaning' }),
      { productId: null, name: 'Something else', quantity: 5, category: null, imageUrl: null, thumbnailUrl: null, imageAlt: null },
    ])
    expect(answer.request).toMatchObject({ status: 'in_progress', notes: 'Back door', property: { address: '12 Quay Street, Portsmouth' } })
    // The history and the outbox read the status the transaction saw.
    const history = await db.requestStatusChange.findMany({ where: { requestId: request.id }, select: { status: true, note: true } })
    expect(history).toContainEqual({ status: 'in_progress', note: 'Assigned to Ann Answer' })
  })

  test("requires request and runner, both this organisation's, an active runner, and one active assignment", async () => {
    const { client, orgId } = await manager('assign-rules@x.test')
    const other = await manager('assign-rules-other@x.test')
    const { request } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId)
    const { runner: inactive } = await givenRunner(orgId, { isActive: false })
    const { request: theirRequest } = await givenPendingRequest(other.orgId)
    const { runner: theirRunner } = await givenRunner(other.orgId)

    const missingRunner = await client.post('/api/dispatch/assign', {
      requestId: request.id,
    })
    expect(missingRunner.status).toBe(400)
    expect(await missingRunner.json()).toMatchObject({
      error: 'Runner is required',
      fieldErrors: { runnerId: ['Runner is required'] },
    })
    expect((await client.post('/api/dispatch/assign', { runnerId: runner.id })).status).toBe(400)
    expect(
      (
        await client.post('/api/dispatch/assign', {
          requestId: theirRequest.id,
          runnerId: runner.id,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await client.post('/api/dispatch/assign', {
          requestId: request.id,
          runnerId: theirRunner.id,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await client.post('/api/dispatch/assign', {
          requestId: request.id,
          runnerId: inactive.id,
        })
      ).status,
    ).toBe(400)
    expect(await db.runnerAssignment.count({ where: { organisationId: orgId } })).toBe(0)

    expect(
      (
        await client.post('/api/dispatch/assign', {
          requestId: request.id,
          runnerId: runner.id,
        })
      ).status,
    ).toBe(201)
    const again = await client.post('/api/dispatch/assign', {
      requestId: request.id,
      runnerId: runner.id,
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      error: 'This request already has an active assignment.',
    })
  })

  test('cancelling returns the request to the queue, where it can be assigned again', async () => {
    const { client, orgId } = await manager('assign-cancel@x.test')
    const { request, assignment, runnerToken } = await givenAssignment(orgId, 'assigned')
    expect((await patchWith(assignment.id, runnerToken, 'cancelled')).status).toBe(200)
    expect((await db.productRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('pending')
    expect((await (await client.get('/api/dispatch/queue')).json()).map((r: { id: string }) => r.id)).toEqual([request.id])
    expect(await (await client.get('/api/dispatch/assignments')).json()).toEqual([])
    const { runner } = await givenRunner(orgId)
    expect(
      (
        await client.post('/api/dispatch/assign', {
          requestId: request.id,
          runnerId: runner.id,
        })
      ).status,
    ).toBe(201)
  })

  test('a new link replaces the old one; another organisation gets 404', async () => {
    const { client, orgId } = await manager('assign-link@x.test')
    const other = await manager('assign-link-other@x.test')
    const { assignment, linkToken } = await givenAssignment(orgId)
    const res = await client.post(`/api/dispatch/assign/${assignment.id}/link`)
    expect(res.status).toBe(200)
    const { shareableUrl } = await res.json()
    const token = decodeURIComponent(shareableUrl.split('/').pop())
    expect(shareableUrl).toBe(`${app.url}/delivery/${assignment.id}/${encodeURIComponent(token)}`)
    expect((await app.client().get(`/api/delivery/${assignment.id}?token=${encodeURIComponent(token)}`)).status).toBe(200)
    expect((await app.client().get(`/api/delivery/${assignment.id}?token=${linkToken}`)).status).toBe(401)
    expect((await other.client.post(`/api/dispatch/assign/${assignment.id}/link`)).status).toBe(404)
    expect(
      (
        await other.client.patch(`/api/dispatch/assign/${assignment.id}`, {
          status: 'cancelled',
        })
      ).status,
    ).toBe(404)
  })
})

describe('SMS to the runner on assignment', () => {
  async function assignTo(email: string, phone: string) {
    const { client, orgId } = await manager(email)
    const { request } = await givenPendingRequest(orgId)
    const { runner } = await givenRunner(orgId, { phone })
    const res = await client.post('/api/dispatch/assign', {
      requestId: request.id,
      runnerId: runner.id,
    })
    expect(res.status).toBe(201)
    return (await res.json()) as {
      id: string
      smsStatus: string
      shareableUrl: string
    }
  }

  test('is sent with the delivery link when Twilio is configured', async () => {
    Object.assign(process.env, SMS_ENV)
    const created = await assignTo('sms-sent@x.test', '+15550177')
    expect(created.smsStatus).toBe('sent')
    const message = sentMessages.find((m) => m.to === '+15550177')
    expect(message).toMatchObject({ from: '+15005550006' })
    expect(message!.body).toContain(created.shareableUrl)
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: created.id },
        })
      ).smsStatus,
    ).toBe('sent')
  })

  test('is recorded as failed when Twilio refuses, and the assignment still stands', async () => {
    Object.assign(process.env, SMS_ENV)
    const created = await assignTo('sms-failed@x.test', MOCK_SMS_INVALID_NUMBER)
    expect(created.smsStatus).toBe('failed')
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: created.id },
        })
      ).status,
    ).toBe('assigned')
  })

  test('is skipped, not an error, without configuration', async () => {
    const count = sentMessages.length
    const created = await assignTo('sms-skipped@x.test', '+15550178')
    expect(created.smsStatus).toBe('skipped')
    expect(sentMessages.length).toBe(count)
  })
})

describe('assignment status rules', () => {
  const pairs = ASSIGNMENT_STATUSES.flatMap((from) => ASSIGNMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const))

  test.each(pairs)('the runner: %s → %s', async (from, to) => {
    const { orgId } = await organisationFor(`rules-${from}-${to}@x.test`)
    const { assignment, runnerToken, request } = await givenAssignment(orgId, from)
    const res = await patchWith(assignment.id, runnerToken, to)
    const allowed = STATUS_TRANSITIONS[from as AssignmentStatus].includes(to)
    expect(res.status).toBe(allowed ? 200 : 409)
    const stored = await db.runnerAssignment.findUniqueOrThrow({
      where: { id: assignment.id },
    })
    expect(stored.status).toBe(allowed ? to : from)
    const requestStatus = (await db.productRequest.findUniqueOrThrow({ where: { id: request.id } })).status
    const notes = await db.notification.count({
      where: { assignmentId: assignment.id },
    })
    if (allowed) {
      expect((await res.json()).status).toBe(to)
      expect(notes).toBe(1)
      if (to === 'delivered') {
        expect(stored.deliveredAt).toBeInstanceOf(Date)
        expect(requestStatus).toBe('completed')
      }
      if (to === 'cancelled') expect(requestStatus).toBe('pending')
    } else {
      expect((await res.json()).error).toEqual(expect.any(String))
      expect(notes).toBe(0)
    }
  })

  test.each(pairs)('the delivery link: %s → %s', async (from, to) => {
    const { orgId } = await organisationFor(`link-${from}-${to}@x.test`)
    const { assignment, linkToken } = await givenAssignment(orgId, from)
    const res = await patchWith(assignment.id, linkToken, to, 'query')
    const allowed = LINK_TRANSITIONS[from as AssignmentStatus].includes(to)
    expect(res.status).toBe(allowed ? 200 : 409)
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: assignment.id },
        })
      ).status,
    ).toBe(allowed ? to : from)
  })

  test('the status it already has is accepted and changes nothing', async () => {
    const { orgId } = await organisationFor('rules-same@x.test')
    const { assignment, runnerToken } = await givenAssignment(orgId, 'in_transit')
    expect((await patchWith(assignment.id, runnerToken, 'in_transit')).status).toBe(200)
    expect(await db.notification.count({ where: { assignmentId: assignment.id } })).toBe(0)
  })

  test('an unknown status is bad input', async () => {
    const { orgId } = await organisationFor('rules-unknown@x.test')
    const { assignment, runnerToken } = await givenAssignment(orgId)
    const res = await patchWith(assignment.id, runnerToken, 'teleported')
    expect(res.status).toBe(400)
  })
})

describe('delivery proof', () => {
  test.each(ASSIGNMENT_STATUSES)('while %s', async (status) => {
    const { orgId } = await organisationFor(`proof-${status}@x.test`)
    const { assignment, runnerToken } = await givenAssignment(orgId, status)
    const res = await proofWith(assignment.id, runnerToken)
    const allowed = status === 'in_transit' || status === 'delivered'
    expect(res.status).toBe(allowed ? 201 : 409)
    expect(await db.deliveryProof.count({ where: { assignmentId: assignment.id } })).toBe(allowed ? 1 : 0)
  })

  test('one per assignment, notifies with the photo, and shows in the request details', async () => {
    const { client, orgId } = await manager('proof-once@x.test')
    const { assignment, linkToken, request } = await givenAssignment(orgId, 'in_transit')
    const first = await app.client().fetch(`/api/dispatch/assign/${assignment.id}/proof?token=${linkToken}`, {
      method: 'POST',
      json: {
        imageUrl: '/images/p.jpg',
        thumbnailUrl: '/images/p-t.jpg',
        notes: 'Back door',
      },
    })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({
      imageUrl: '/images/p.jpg',
      notes: 'Back door',
    })
    const second = await proofWith(assignment.id, linkToken)
    expect(second.status).toBe(409)
    expect(
      await db.notification.findFirst({
        where: { assignmentId: assignment.id },
      }),
    ).toMatchObject({ imageUrl: '/images/p-t.jpg' })
    expect(await (await client.get(`/api/requests/${request.id}/delivery-proof`)).json()).toMatchObject({
      imageUrl: '/images/p.jpg',
      notes: 'Back door',
    })
  })

  test('needs a photo', async () => {
    const { orgId } = await organisationFor('proof-photo@x.test')
    const { assignment, runnerToken } = await givenAssignment(orgId, 'in_transit')
    const res = await proofWith(assignment.id, runnerToken, {
      notes: 'no photo',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Please upload a photo' })
  })

  test('refuses a photo address that is not an image we could have stored', async () => {
    const { orgId } = await organisationFor('proof-address@x.test')
    const { assignment, runnerToken } = await givenAssignment(orgId, 'in_transit')
    for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA']) {
      const res = await proofWith(assignment.id, runnerToken, { imageUrl, notes: 'sneaky' })
      expect(res.status, imageUrl).toBe(400)
      expect((await res.json()).fieldErrors.imageUrl).toBeDefined()
    }
    expect((await proofWith(assignment.id, runnerToken, { imageUrl: '/images/ok.jpg' })).status).toBe(201)
  })
})

describe('tokens', () => {
  test('header and query forms both work; wrong, rotated and missing tokens get 401', async () => {
    const { client, orgId } = await manager('tokens-forms@x.test')
    const { assignment, runner, runnerToken } = await givenAssignment(orgId, 'in_transit')
    expect((await app.client().get(`/api/runners/${runner.id}/assignments?token=${runnerToken}`)).status).toBe(200)
    expect(
      (
        await app.client().get(`/api/runners/${runner.id}/assignments`, {
          headers: { 'X-Runner-Token': runnerToken },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await app.client().get(`/api/delivery/${assignment.id}`, {
          headers: { 'X-Runner-Token': runnerToken },
        })
      ).status,
    ).toBe(200)

    for (const url of [
      `/api/runners/${runner.id}/assignments?token=wrong`,
      `/api/runners/${runner.id}/assignments`,
      `/api/delivery/${assignment.id}?token=wrong`,
      `/api/delivery/${assignment.id}`,
    ]) {
      const res = await app.client().get(url)
      expect(res.status, url).toBe(401)
      expect(await res.json()).toEqual({
        error: 'Invalid authentication token',
      })
    }
    expect((await patchWith(assignment.id, 'wrong', 'delivered')).status).toBe(401)
    expect((await proofWith(assignment.id, 'wrong')).status).toBe(401)

    await client.post(`/api/runners/${runner.id}/token`)
    expect((await patchWith(assignment.id, runnerToken, 'delivered')).status).toBe(401)
    expect((await proofWith(assignment.id, runnerToken)).status).toBe(401)
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: assignment.id },
        })
      ).status,
    ).toBe('in_transit')
  })

  test('a runner sees and changes only their own assignments', async () => {
    const { orgId } = await organisationFor('tokens-other@x.test')
    const mine = await givenAssignment(orgId, 'in_transit')
    const theirs = await givenAssignment(orgId, 'in_transit')
    const listed = await (await app.client().get(`/api/runners/${mine.runner.id}/assignments?token=${mine.runnerToken}`)).json()
    expect(listed.map((a: { id: string }) => a.id)).toEqual([mine.assignment.id])
    // Another runner's id with my token, and my token on their assignment.
    expect((await app.client().get(`/api/runners/${theirs.runner.id}/assignments?token=${mine.runnerToken}`)).status).toBe(401)
    const peek = await app.client().get(`/api/delivery/${theirs.assignment.id}?token=${mine.runnerToken}`)
    expect(peek.status).toBe(404)
    expect(await peek.json()).toEqual({ error: 'Order not found' })
    expect((await patchWith(theirs.assignment.id, mine.runnerToken, 'delivered')).status).toBe(404)
    expect((await proofWith(theirs.assignment.id, mine.runnerToken)).status).toBe(404)
    // One assignment's link does not open another.
    expect((await app.client().get(`/api/delivery/${theirs.assignment.id}?token=${mine.linkToken}`)).status).toBe(401)
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: theirs.assignment.id },
        })
      ).status,
    ).toBe('in_transit')
  })

  test('the portal hides the address until the delivery starts; the delivery order shows everything', async () => {
    const { orgId } = await organisationFor('tokens-address@x.test')
    const { assignment, runner, runnerToken, linkToken, property } = await givenAssignment(orgId, 'assigned')
    const before = await (await app.client().get(`/api/runners/${runner.id}/assignments?token=${runnerToken}`)).json()
    expect(before[0].request.property).toMatchObject({
      name: property.name,
      address: null,
    })
    const order = await (await app.client().get(`/api/delivery/${assignment.id}?token=${linkToken}`)).json()
    expect(order).toMatchObject({
      assignment: { id: assignment.id, status: 'assigned' },
      runner: { name: runner.name, phone: runner.phone },
      property: { address: property.address },
      request: { requestedProducts: [{ name: 'Glass Cleaner', quantity: 2, category: 'Cleaning' }] },
    })
    expect(order).not.toHaveProperty('deliveryProof')
    await patchWith(assignment.id, runnerToken, 'in_transit')
    const after = await (await app.client().get(`/api/runners/${runner.id}/assignments?token=${runnerToken}`)).json()
    expect(after[0].request.property.address).toBe(property.address)
  })
})

describe('what each list shows', () => {
  test('current assignments leave out delivered and cancelled ones; a runner sees their last five deliveries', async () => {
    const { client, orgId } = await manager('lists@x.test')
    const byStatus = new Map<string, string>()
    for (const status of ASSIGNMENT_STATUSES) byStatus.set(status, (await givenAssignment(orgId, status)).assignment.id)
    const current = (await (await client.get('/api/dispatch/assignments')).json()) as Array<{ id: string; status: string }>
    expect(current.map((a) => a.status).sort()).toEqual(['assigned', 'in_transit', 'picked_up'])

    const { runner, token } = await givenRunner(orgId)
    for (let i = 0; i < 7; i++) {
      const { request } = await givenPendingRequest(orgId, {
        status: 'completed',
      })
      await db.runnerAssignment.create({
        data: {
          organisationId: orgId,
          requestId: request.id,
          runnerId: runner.id,
          status: 'delivered',
          deliveredAt: new Date(Date.UTC(2026, 0, i + 1)),
        },
      })
    }
    const listed = (await (await app.client().get(`/api/runners/${runner.id}/assignments?token=${token}`)).json()) as Array<{ deliveredAt: string }>
    expect(listed.map((a) => a.deliveredAt.slice(0, 10))).toEqual(['2026-01-07', '2026-01-06', '2026-01-05', '2026-01-04', '2026-01-03'])
  })

  test('current assignments show each one, oldest first, exactly as reading it on its own does: details, products in order, proof', async () => {
    const { client, orgId } = await manager('lists-full@x.test')
    const first = await givenAssignment(orgId, 'assigned')
    const second = await givenAssignment(orgId, 'in_transit')
    const third = await givenAssignment(orgId, 'picked_up')
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, minutes))
    await db.runnerAssignment.update({ where: { id: first.assignment.id }, data: { assignedAt: at(0), notes: 'Use the lift' } })
    await db.runnerAssignment.update({ where: { id: second.assignment.id }, data: { assignedAt: at(5) } })
    await db.runnerAssignment.update({ where: { id: third.assignment.id }, data: { assignedAt: at(10) } })
    // The second: what its requester told us, a line with no catalog product, a product with a picture, and a proof.
    await db.productRequest.update({
      where: { id: second.request.id },
      data: {
        urgent: true,
        neededBy: at(30),
        notes: 'Ring twice',
        fieldAnswers: JSON.stringify([{ key: 'room', label: 'Room', type: 'text', value: '4B', text: '4B' }]),
        photos: JSON.stringify([{ imageUrl: '/images/shelf.jpg', thumbnailUrl: '/images/shelf-t.jpg' }]),
      },
    })
    await db.product.updateMany({ where: { organisationId: orgId, id: (await db.requestItem.findFirstOrThrow({ where: { requestId: second.request.id } })).productId! }, data: { imageUrl: '/images/glass.jpg', thumbnailUrl: '/images/glass-t.jpg', imageAlt: 'A spray bottle' } })
    await db.requestItem.create({ data: { organisationId: orgId, requestId: second.request.id, productId: null, productName: 'Something else', quantity: 5 } })
    await db.deliveryProof.create({ data: { organisationId: orgId, assignmentId: second.assignment.id, imageUrl: '/images/proof.jpg', thumbnailUrl: '/images/proof-t.jpg', notes: 'Left at reception', submittedAt: at(20) } })
    // The third's request has no property any more.
    await db.productRequest.update({ where: { id: third.request.id }, data: { propertyId: null } })

    const current = await (await client.get('/api/dispatch/assignments')).json()
    const readAlone = async (id: string) => JSON.parse(JSON.stringify(assignmentView(await openAssignmentAsManager(orgId, id))))
    expect(current).toEqual([await readAlone(first.assignment.id), await readAlone(second.assignment.id), await readAlone(third.assignment.id)])
    expect(current[0]).toMatchObject({ status: 'assigned', notes: 'Use the lift', assignedAt: at(0).toISOString(), deliveredAt: null, proof: null })
    expect(current[0].runner).toEqual({ id: first.runner.id, name: first.runner.name, phone: first.runner.phone })
    expect(current[1].request).toMatchObject({
      urgent: true,
      neededBy: at(30).toISOString(),
      notes: 'Ring twice',
      fields: { room: '4B' },
      fieldAnswers: [{ key: 'room', label: 'Room', type: 'text', value: '4B', text: '4B' }],
      photos: [{ imageUrl: '/images/shelf.jpg', thumbnailUrl: '/images/shelf-t.jpg' }],
      property: { id: second.property.id, name: second.property.name, address: '12 Quay Street, Portsmouth' },
    })
    expect(current[1].request.requestedProducts).toEqual([
      { productId: expect.any(String), name: 'Glass Cleaner', quantity: 2, category: 'Cleaning', imageUrl: '/images/glass.jpg', thumbnailUrl: '/images/glass-t.jpg', imageAlt: 'A spray bottle' },
      { productId: null, name: 'Something else', quantity: 5, category: null, imageUrl: null, thumbnailUrl: null, imageAlt: null },
    ])
    expect(current[1].proof).toEqual({ id: expect.any(String), imageUrl: '/images/proof.jpg', thumbnailUrl: '/images/proof-t.jpg', notes: 'Left at reception', submittedAt: at(20).toISOString() })
    expect(current[2].request.property).toBeNull()
    // Another organisation's assignments are not listed.
    const other = await manager('lists-full-other@x.test')
    expect(await (await other.client.get('/api/dispatch/assignments')).json()).toEqual([])
  })
})

async function organisationFor(email: string) {
  const { orgId } = await manager(email)
  return { orgId }
}
