// The runner portal and the delivery page as a phone without JavaScript uses them: plain form posts,
// a redirect after each, the proof photo posted as multipart straight to the page.
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenAssignment, givenRunner } from '../../../tests/fixtures/dispatch'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function orgFor(email: string) {
  await app.signedIn(email)
  return (await organisationOf(email)).id
}

const photo = () =>
  sharp({
    create: { width: 640, height: 480, channels: 3, background: '#3366cc' },
  })
    .jpeg()
    .toBuffer()

async function proofForm(fields: Record<string, string>, withPhoto = true) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  if (withPhoto) form.set('photo', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'proof.jpg')
  return form
}

describe('the runner portal', () => {
  test('a bad token shows Access Denied with the message', async () => {
    const orgId = await orgFor('portal-denied@x.test')
    const { runner } = await givenAssignment(orgId)
    const res = await app.client().get(`/runner/${runner.id}/not-the-token`)
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(html).toContain('Access Denied')
    expect(html).toContain('Invalid authentication token')
  })

  test('start, proof with a photo and delivery, each a form post and a redirect', async () => {
    const orgId = await orgFor('portal-flow@x.test')
    const { runner, runnerToken, assignment, property, request } = await givenAssignment(orgId, 'assigned')
    const path = `/runner/${runner.id}/${runnerToken}`
    const client = app.client()

    const first = await (await client.get(path)).text()
    expect(first).toContain('Active Assignments')
    expect(first).toContain(request.orderNumber)
    expect(first).not.toContain(property.address)

    const started = await client.postForm(path, {
      intent: 'start',
      assignmentId: assignment.id,
    })
    expect(started.status).toBe(302)
    // Back to the stop acted on (issue 34).
    expect(started.headers.get('location')).toBe(`${path}#stop-${assignment.id}`)
    const afterStart = await (await client.get(path)).text()
    expect(afterStart).toContain(property.address)
    expect(afterStart).toContain('Delivery Started')

    const proof = await client.fetch(path, {
      method: 'POST',
      body: await proofForm({
        intent: 'proof',
        assignmentId: assignment.id,
        notes: 'Handed to the concierge',
      }),
    })
    expect(proof.status).toBe(302)
    const stored = await db.deliveryProof.findUniqueOrThrow({
      where: { assignmentId: assignment.id },
    })
    expect(stored.notes).toBe('Handed to the concierge')
    const image = await app.client().get(stored.imageUrl)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')

    const delivered = await client.postForm(path, {
      intent: 'status',
      assignmentId: assignment.id,
      status: 'delivered',
    })
    expect(delivered.status).toBe(302)
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: assignment.id },
        })
      ).status,
    ).toBe('delivered')
    const done = await (await client.get(path)).text()
    expect(done).toContain('Recent Completed')
    expect(done).toContain('Delivery Proof Submitted')
  })

  // Issue 16 item 4: the phone's offline queue sends a press again when its answer was lost; the key
  // made at the press makes the second one an answer, not a second proof or a second change.
  test('a proof and a delivery sent twice with their Idempotency-Key happen once, and both answers say done', async () => {
    const orgId = await orgFor('portal-queue@x.test')
    const { runner, runnerToken, assignment } = await givenAssignment(orgId, 'in_transit')
    const path = `/runner/${runner.id}/${runnerToken}`
    // Each send its own browser, so one answer's toast cannot stand in for the other's.
    const send = async (key: string, body: () => Promise<FormData>) => {
      const client = app.client()
      const res = await client.fetch(path, { method: 'POST', body: await body(), headers: { 'Idempotency-Key': key } })
      expect(res.status).toBe(302)
      return (await client.get(path)).text()
    }
    const proof = () => proofForm({ intent: 'proof', assignmentId: assignment.id, notes: 'Queued at the door' })
    const answers = await Promise.all([send('proof-key-0001', proof), send('proof-key-0001', proof)])
    for (const html of answers) {
      expect(html).toContain('Proof Submitted')
      expect(html).not.toContain('Submission Failed')
    }
    expect(await db.deliveryProof.count({ where: { assignmentId: assignment.id } })).toBe(1)
    expect(await db.notification.count({ where: { assignmentId: assignment.id, message: { contains: 'submitted proof' } } })).toBe(1)

    const delivered = async () => proofForm({ intent: 'status', assignmentId: assignment.id, status: 'delivered' }, false)
    for (let i = 0; i < 2; i++) expect(await send('status-key-0001', delivered)).toContain('Status Updated')
    expect(await db.auditEvent.count({ where: { targetId: assignment.id, action: 'assignment.status_changed' } })).toBe(1)

    // A key that is not one is refused, visibly, and nothing else happens.
    const html = await send('bad key!', delivered)
    expect(html).toContain('Idempotency-Key must be 8 to 100 letters')
  })

  test('a refused action comes back as an error toast and changes nothing', async () => {
    const orgId = await orgFor('portal-refused@x.test')
    const { runner, runnerToken, assignment } = await givenAssignment(orgId, 'assigned')
    const path = `/runner/${runner.id}/${runnerToken}`
    const client = app.client()
    const res = await client.fetch(path, {
      method: 'POST',
      body: await proofForm({ intent: 'proof', assignmentId: assignment.id }),
    })
    expect(res.status).toBe(302)
    const html = await (await client.get(path)).text()
    expect(html).toContain('Submission Failed')
    expect(await db.deliveryProof.count({ where: { assignmentId: assignment.id } })).toBe(0)
  })

  test("another runner's assignment cannot be touched from my portal", async () => {
    const orgId = await orgFor('portal-other@x.test')
    const mine = await givenAssignment(orgId)
    const theirs = await givenAssignment(orgId)
    const res = await app.client().postForm(`/runner/${mine.runner.id}/${mine.runnerToken}`, {
      intent: 'start',
      assignmentId: theirs.assignment.id,
    })
    expect(res.status).toBe(302)
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: theirs.assignment.id },
        })
      ).status,
    ).toBe('assigned')
  })
})

describe('the delivery page', () => {
  test('errors: 401 Invalid authentication token, 404 Order not found, in an Access Denied box', async () => {
    const orgId = await orgFor('delivery-errors@x.test')
    const { assignment, runnerToken } = await givenAssignment(orgId)
    const bad = await app.client().get(`/delivery/${assignment.id}/wrong`)
    expect(bad.status).toBe(401)
    const badHtml = await bad.text()
    expect(badHtml).toContain('Access Denied')
    expect(badHtml).toContain('Invalid authentication token')
    const missing = await app.client().get(`/delivery/00000000-0000-4000-8000-000000000000/${runnerToken}`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Order not found')
  })

  test('in transit, proof through the dialog form, then delivered', async () => {
    const orgId = await orgFor('delivery-flow@x.test')
    const { assignment, linkToken, property, runner, request } = await givenAssignment(orgId, 'assigned')
    const path = `/delivery/${assignment.id}/${linkToken}`
    const client = app.client()
    const page = await (await client.get(path)).text()
    for (const text of [
      `Order ${request.orderNumber}`,
      `Assigned to ${runner.name}`,
      property.address,
      'Get Directions',
      'Items to Deliver',
      '1 item',
      'Mark as In Transit',
    ]) {
      expect(page).toContain(text)
    }
    expect(page).not.toContain('Submit Delivery Proof')

    expect((await client.postForm(path, { intent: 'status', status: 'in_transit' })).headers.get('location')).toBe(`${path}#stop-${assignment.id}`)
    const inTransit = await (await client.get(path)).text()
    expect(inTransit).toContain('Mark as Delivered')
    expect(inTransit).toContain('Submit Delivery Proof')
    const dialog = await (await client.get(`${path}?dialog=proof`)).text()
    expect(dialog).toContain('Provide proof of delivery for this assignment')

    expect(
      (
        await client.fetch(path, {
          method: 'POST',
          body: await proofForm({ intent: 'proof', notes: 'Porch' }),
        })
      ).status,
    ).toBe(302)
    expect((await client.postForm(path, { intent: 'status', status: 'delivered' })).status).toBe(302)
    const done = await (await client.get(path)).text()
    expect(done).toContain('Delivery Proof Submitted')
    expect(done).toContain('Porch')
    expect(done).not.toContain('Mark as')
    expect((await db.productRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('completed')
  })

  test('a link cannot skip straight to delivered', async () => {
    const orgId = await orgFor('delivery-skip@x.test')
    const { assignment, linkToken } = await givenAssignment(orgId, 'assigned')
    await app.client().postForm(`/delivery/${assignment.id}/${linkToken}`, {
      intent: 'status',
      status: 'delivered',
    })
    expect(
      (
        await db.runnerAssignment.findUniqueOrThrow({
          where: { id: assignment.id },
        })
      ).status,
    ).toBe('assigned')
  })
})

describe('a stop on a phone without JavaScript (issue 34)', () => {
  /** A run for one runner: two orders at one property (one stop) and one at another; the code required. */
  async function givenRunWithSharedStop(email: string) {
    const client = await app.signedIn(email)
    const orgId = (await organisationOf(email)).id
    expect((await client.put('/api/organisation/settings', { requireHandoverCode: true })).status).toBe(200)
    // Sent by vendors, so each has its handover code.
    const here = await givenStorefront({ organisationId: orgId })
    const there = await givenStorefront({ organisationId: orgId })
    const send = async (shop: typeof here) => {
      const res = await app.client().post('/api/vendor/requests', { propertyId: shop.property.id, vendorName: 'Vera Vendor', requestedProducts: [{ productId: shop.products[0]!.id, quantity: 1 }] })
      expect(res.status).toBe(201)
      const sent = (await res.json()) as { id: string; orderNumber: string; handoverCode: string }
      return { ...sent, property: shop.property }
    }
    const [first, second, other] = [await send(here), await send(here), await send(there)]
    const { runner, token } = await givenRunner(orgId)
    const made = await client.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [first.id, second.id, other.id] })
    expect(made.status).toBe(201)
    const assignmentOf = async (requestId: string) => (await db.runnerAssignment.findFirstOrThrow({ where: { requestId } })).id
    return {
      manager: client,
      path: `/runner/${runner.id}/${encodeURIComponent(token)}`,
      first: { ...first, assignmentId: await assignmentOf(first.id) },
      second: { ...second, assignmentId: await assignmentOf(second.id) },
      other: { ...other, assignmentId: await assignmentOf(other.id) },
    }
  }

  const statusOf = async (id: string) => (await db.runnerAssignment.findUniqueOrThrow({ where: { id } })).status
  const optionsOf = (html: string, id: string) => {
    const select = html.match(new RegExp(`<select[^>]*id="status-${id}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? ''
    return [...select.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => m[1])
  }
  const section = (html: string, id: string) => html.slice(html.indexOf(`id="stop-${id}"`), html.indexOf('</section>', html.indexOf(`id="stop-${id}"`)))

  test('starting one order starts the others at the same stop, shows their address, and returns to the stop', async () => {
    const { path, first, second, other } = await givenRunWithSharedStop('stop-together@x.test')
    const client = app.client()
    const before = await (await client.get(path)).text()
    expect(before).toContain(`id="stop-${first.assignmentId}"`)
    expect(before).not.toContain(first.property.address)
    // Only what the rules allow from "assigned": never straight to delivered.
    expect(optionsOf(before, first.assignmentId)).toEqual(['assigned', 'picked_up', 'in_transit', 'cancelled'])

    const started = await client.postForm(path, { intent: 'start', assignmentId: first.assignmentId })
    expect(started.headers.get('location')).toBe(`${path}#stop-${first.assignmentId}`)
    expect(await statusOf(first.assignmentId)).toBe('in_transit')
    expect(await statusOf(second.assignmentId)).toBe('in_transit')
    expect(await statusOf(other.assignmentId)).toBe('assigned')
    const after = await (await client.get(path)).text()
    expect(after).toContain(`Also started at this stop: ${second.orderNumber}.`)
    expect(section(after, second.assignmentId)).toContain(first.property.address)
    expect(optionsOf(after, second.assignmentId)).toEqual(['in_transit', 'delivered', 'cancelled'])
  })

  test('a stop card has one handover-code field, and a refused code shows beside it as well as in the message', async () => {
    const { path, first } = await givenRunWithSharedStop('stop-refusal@x.test')
    const client = app.client()
    await client.postForm(path, { intent: 'start', assignmentId: first.assignmentId })
    const card = section(await (await client.get(path)).text(), first.assignmentId)
    expect(card.match(/name="handoverCode"/g)).toHaveLength(1)

    const missing = await client.postForm(path, { intent: 'deliver', assignmentId: first.assignmentId, status: 'in_transit', handoverCode: '' })
    expect(missing.headers.get('location')).toBe(`${path}?refused=handoverCode&stop=${first.assignmentId}#stop-${first.assignmentId}`)
    expect(await statusOf(first.assignmentId)).toBe('in_transit')
    const shown = await (await client.get(missing.headers.get('location')!.split('#')[0]!)).text()
    const field = shown.match(new RegExp(`<input[^>]*id="handover-${first.assignmentId}"[^>]*>`))?.[0] ?? ''
    expect(field).toContain('aria-invalid="true"')
    expect(field).toContain(`aria-describedby="handover-${first.assignmentId}-error handover-${first.assignmentId}-hint"`)
    expect(shown).toMatch(new RegExp(`id="handover-${first.assignmentId}-error"[^>]*>Enter the 4-digit handover code`))
    expect(shown).toContain('data-testid="toast"')

    // The same form's "Update Status" with Delivered chosen reads the same one field.
    const delivered = await client.postForm(path, { intent: 'status', assignmentId: first.assignmentId, status: 'delivered', handoverCode: first.handoverCode })
    expect(delivered.headers.get('location')).toBe(`${path}#stop-${first.assignmentId}`)
    expect(await statusOf(first.assignmentId)).toBe('delivered')
  })

  test('the delivery link page does the same: back to its actions, the stop starts together, a refused code beside its field', async () => {
    const { first, second, manager } = await givenRunWithSharedStop('stop-link@x.test')
    const { shareableUrl } = await (await manager.post(`/api/dispatch/assign/${first.assignmentId}/link`)).json()
    const path = new URL(shareableUrl).pathname
    const client = app.client()
    expect(await (await client.get(path)).text()).toContain(`id="stop-${first.assignmentId}"`)
    const started = await client.postForm(path, { intent: 'status', status: 'in_transit' })
    expect(started.headers.get('location')).toBe(`${path}#stop-${first.assignmentId}`)
    expect(await statusOf(second.assignmentId)).toBe('in_transit')

    const wrong = String((Number(first.handoverCode) + 1) % 10_000).padStart(4, '0')
    const refused = await client.postForm(path, { intent: 'status', status: 'delivered', handoverCode: wrong })
    expect(refused.headers.get('location')).toBe(`${path}?refused=handoverCode&stop=${first.assignmentId}#stop-${first.assignmentId}`)
    const shown = await (await client.get(refused.headers.get('location')!.split('#')[0]!)).text()
    expect(shown).toMatch(/<input[^>]*id="delivery-handover-code"[^>]*aria-describedby="delivery-handover-code-error delivery-handover-code-hint"[^>]*aria-invalid="true"/)
    expect(shown).toMatch(/id="delivery-handover-code-error"[^>]*>That handover code is not right/)
  })

  test('a status the rules do not allow from where the delivery stands is refused', async () => {
    const { path, first } = await givenRunWithSharedStop('stop-disallowed@x.test')
    const client = app.client()
    const refused = await client.postForm(path, { intent: 'status', assignmentId: first.assignmentId, status: 'delivered' })
    expect(refused.headers.get('location')).toBe(`${path}#stop-${first.assignmentId}`)
    expect(await (await client.get(path)).text()).toContain('A delivery that is assigned cannot be marked delivered.')
    expect(await statusOf(first.assignmentId)).toBe('assigned')
  })
})
