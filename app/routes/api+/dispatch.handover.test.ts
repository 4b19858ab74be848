// The handover code (issue 16): the vendor gets it, the runner needs it at the door when the
// organisation says so, wrong guesses lock the delivery, and it never shows where it should not.
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { HANDOVER_LOCK_MINUTES } from '~/areas/requests/handover.server'
import { givenAssignment, givenRunner } from '../../../tests/fixtures/dispatch'
import { imageForm, noisyPhoto } from '../../../tests/fixtures/images'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

/** An owner's organisation with a vendor request on its way to the door, and the vendor's code. */
async function deliveryOnItsWay(ownerEmail: string, options: { requireCode?: boolean } = {}) {
  const manager = await app.signedIn(ownerEmail)
  const org = await organisationOf(ownerEmail)
  if (options.requireCode !== undefined) {
    const res = await manager.put('/api/organisation/settings', { requireHandoverCode: options.requireCode })
    expect(res.status).toBe(200)
  }
  const { property, products } = await givenStorefront({ organisationId: org.id })
  const sent = await app.client().post('/api/vendor/requests', {
    propertyId: property.id,
    vendorName: 'Vera Vendor',
    requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
  })
  expect(sent.status).toBe(201)
  const vendor = await sent.json()
  const { runner, token } = await givenRunner(org.id)
  const assigned = await manager.post('/api/dispatch/assign', { requestId: vendor.id, runnerId: runner.id })
  expect(assigned.status).toBe(201)
  const assignment = await assigned.json()
  const runnerPatch = (json: unknown) =>
    app.client().fetch(`/api/dispatch/assign/${assignment.id}`, { method: 'PATCH', json, headers: { 'X-Runner-Token': token } })
  expect((await runnerPatch({ status: 'in_transit' })).status).toBe(200)
  return { manager, org, vendor, runner, runnerToken: token, assignment, runnerPatch, code: vendor.handoverCode as string }
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0')

describe('the vendor’s code', () => {
  test('is returned to the submitter, shown on the tracking page, and never in manager or runner views', async () => {
    const { manager, vendor, assignment, runner, runnerToken, code } = await deliveryOnItsWay('handover-views@x.test')
    expect(code).toMatch(/^\d{4}$/)

    const tracking = await app.client().get(new URL(vendor.trackingUrl).pathname)
    expect(tracking.status).toBe(200)
    const page = await tracking.text()
    expect(page).toContain('Handover code')
    expect(page).toContain(`>${code}<`)

    const views = [
      await manager.get('/api/requests'),
      await manager.get(`/api/requests/${vendor.id}`),
      await manager.get('/api/dispatch/assignments'),
      await app.client().get(`/api/delivery/${assignment.id}?token=${encodeURIComponent(runnerToken)}`),
      await app.client().get(`/api/runners/${runner.id}/assignments?token=${encodeURIComponent(runnerToken)}`),
    ]
    for (const res of views) {
      expect(res.status, res.url).toBe(200)
      expect(await res.text(), res.url).not.toMatch(/handoverCode|codeHash/)
    }
    // Stored only as a keyed digest: not the code, and not its plain SHA-256 either (a 4-digit code
    // would be found in 10,000 tries). Not "does not contain the code": 64 hex digits contain a given
    // 4 digits about once in a thousand runs.
    const stored = await db.handoverCode.findUniqueOrThrow({ where: { requestId: vendor.id } })
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'))
  })
})

describe('organisation setting', () => {
  test('owners and admins may require the code; members may only read it', async () => {
    const owner = await app.signedIn('handover-owner@x.test')
    await givenTeammate('handover-owner@x.test', 'handover-member@x.test', 'member')
    const member = await app.signedIn('handover-member@x.test')
    expect(await (await member.get('/api/organisation/settings')).json()).toMatchObject({ requireHandoverCode: false, timeZone: 'UTC' })
    const refused = await member.put('/api/organisation/settings', { requireHandoverCode: true })
    expect(refused.status).toBe(403)
    const bad = await owner.put('/api/organisation/settings', { requireHandoverCode: 'sometimes' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors.requireHandoverCode).toBeDefined()
    const saved = await owner.put('/api/organisation/settings', { requireHandoverCode: true })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ requireHandoverCode: true, timeZone: 'UTC' })
    expect(await (await member.get('/api/organisation/settings')).json()).toMatchObject({ requireHandoverCode: true, timeZone: 'UTC' })
  })
})

describe('marking delivered with the setting on', () => {
  test('needs the right code: none or a wrong one is 422 and changes nothing; the right one delivers and is recorded', async () => {
    const { assignment, runnerPatch, code } = await deliveryOnItsWay('handover-on@x.test', { requireCode: true })
    const none = await runnerPatch({ status: 'delivered' })
    expect(none.status).toBe(422)
    expect(await none.json()).toMatchObject({ error: expect.stringMatching(/^Enter the 4-digit handover code the vendor was given, or choose "Nobody to take it"/), fieldErrors: { handoverCode: expect.any(Array) } })
    const wrong = await runnerPatch({ status: 'delivered', handoverCode: wrongCode(code) })
    expect(wrong.status).toBe(422)
    expect((await wrong.json()).error).toMatch(/not right\. 4 tries left/)
    const malformed = await runnerPatch({ status: 'delivered', handoverCode: '12a4' })
    expect(malformed.status).toBe(400)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')

    const right = await runnerPatch({ status: 'delivered', handoverCode: code })
    expect(right.status).toBe(200)
    expect((await right.json()).status).toBe('delivered')
    const check = await db.handoverCheck.findUniqueOrThrow({ where: { assignmentId: assignment.id } })
    expect(check.confirmedAt).toBeInstanceOf(Date)
  })

  test('five wrong codes lock the delivery for 15 minutes, even against the right code', async () => {
    const { assignment, runnerPatch, code } = await deliveryOnItsWay('handover-lock@x.test', { requireCode: true })
    for (let i = 1; i <= 4; i++) expect((await runnerPatch({ status: 'delivered', handoverCode: wrongCode(code) })).status).toBe(422)
    const fifth = await runnerPatch({ status: 'delivered', handoverCode: wrongCode(code) })
    expect(fifth.status).toBe(429)
    expect((await fifth.json()).error).toMatch(/locked for 15 more minutes/)
    const locked = await runnerPatch({ status: 'delivered', handoverCode: code })
    expect(locked.status).toBe(429)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')

    // Once the lock has run out, the right code is accepted.
    await db.handoverCheck.update({
      where: { assignmentId: assignment.id },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    })
    expect(HANDOVER_LOCK_MINUTES).toBe(15)
    expect((await runnerPatch({ status: 'delivered', handoverCode: code })).status).toBe(200)
  })

  test('the runner’s plain form (no JavaScript) takes the code', async () => {
    const { runner, runnerToken, assignment, code } = await deliveryOnItsWay('handover-form@x.test', { requireCode: true })
    const portal = `/runner/${runner.id}/${encodeURIComponent(runnerToken)}`
    const page = await (await app.client().get(portal)).text()
    expect(page).toContain('name="handoverCode"')
    const form = (handoverCode: string) =>
      app.client().postForm(portal, { intent: 'status', assignmentId: assignment.id, status: 'delivered', handoverCode })
    const wrong = await form(wrongCode(code))
    expect(wrong.status).toBe(302)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')
    const right = await form(code)
    expect(right.status).toBe(302)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('delivered')
  })

  // The shareable delivery link's page has the same plain form (no JavaScript): the code travels with it.
  test('the delivery link page’s plain form takes the code too, and says when it is wrong', async () => {
    const { manager, assignment, code } = await deliveryOnItsWay('handover-link-form@x.test', { requireCode: true })
    const { shareableUrl } = await (await manager.post(`/api/dispatch/assign/${assignment.id}/link`)).json()
    const page = new URL(shareableUrl).pathname
    const client = app.client()
    expect(await (await client.get(page)).text()).toContain('name="handoverCode"')
    const form = (handoverCode: string) => client.postForm(page, { intent: 'status', status: 'delivered', handoverCode })
    expect((await form(wrongCode(code))).status).toBe(302)
    expect(await (await client.get(page)).text()).toContain('That handover code is not right.')
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')
    expect((await form(code)).status).toBe(302)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('delivered')
  })
})

describe('marking delivered with the setting off', () => {
  test('no code is fine, but a code given is checked', async () => {
    const first = await deliveryOnItsWay('handover-off@x.test')
    expect((await first.runnerPatch({ status: 'delivered', handoverCode: wrongCode(first.code) })).status).toBe(422)
    expect((await first.runnerPatch({ status: 'delivered' })).status).toBe(200)
    expect(await db.handoverCheck.findUnique({ where: { assignmentId: first.assignment.id } })).toMatchObject({ confirmedAt: null })

    const second = await deliveryOnItsWay('handover-off@x.test')
    expect((await second.runnerPatch({ status: 'delivered', handoverCode: second.code })).status).toBe(200)
    expect((await db.handoverCheck.findUniqueOrThrow({ where: { assignmentId: second.assignment.id } })).confirmedAt).toBeInstanceOf(Date)
  })
})

describe('a request made before codes existed (issue 28)', () => {
  test('refuses any code with a word instead of taking it, and delivers without one', async () => {
    const owner = await app.signedIn('handover-old@x.test')
    const org = await organisationOf('handover-old@x.test')
    expect((await owner.put('/api/organisation/settings', { requireHandoverCode: true })).status).toBe(200)
    const { assignment, runnerToken } = await givenAssignment(org.id, 'in_transit')
    const patch = (json: unknown) => app.client().fetch(`/api/dispatch/assign/${assignment.id}`, { method: 'PATCH', json, headers: { 'X-Runner-Token': runnerToken } })
    const anyCode = await patch({ status: 'delivered', handoverCode: '0000' })
    expect(anyCode.status).toBe(422)
    expect(await anyCode.json()).toMatchObject({ error: expect.stringContaining('has no handover code'), fieldErrors: { handoverCode: expect.any(Array) } })
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')
    expect((await patch({ status: 'delivered' })).status).toBe(200)
  })
})

describe('nobody to take it (issue 28)', () => {
  test('through the API: refused until a proof with a note is in, then delivered without code, flagged, told and audited', async () => {
    const { manager, vendor, assignment, runnerPatch, runnerToken } = await deliveryOnItsWay('handover-nobody-api@x.test', { requireCode: true })
    const early = await runnerPatch({ status: 'delivered', nobodyThere: true })
    expect(early.status).toBe(400)
    expect((await early.json()).fieldErrors.nobodyThere).toBeDefined()
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')

    const proof = await app.client().fetch(`/api/dispatch/assign/${assignment.id}/proof`, {
      method: 'POST',
      json: { imageUrl: '/images/door.jpg', notes: 'Nobody answered; left inside the porch' },
      headers: { 'X-Runner-Token': runnerToken },
    })
    expect(proof.status).toBe(201)
    const delivered = await runnerPatch({ status: 'delivered', nobodyThere: true })
    expect(delivered.status).toBe(200)
    expect((await delivered.json()).status).toBe('delivered')

    expect((await db.handoverCheck.findUniqueOrThrow({ where: { assignmentId: assignment.id } })).withoutCodeAt).toBeInstanceOf(Date)
    const told = await db.notification.findFirst({ where: { assignmentId: assignment.id, message: { contains: 'without the handover code' } } })
    expect(told).not.toBeNull()
    const audit = await (await manager.get('/api/audit-log?action=assignment.delivered_without_code')).json()
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'assignment.delivered_without_code', target: { type: 'assignment', id: assignment.id } })]))
    const shown = await (await manager.get(`/api/requests/${vendor.id}/delivery-proof`)).json()
    expect(shown.deliveredWithoutCodeAt).toEqual(expect.any(String))
  })

  test('from the runner’s plain form: a photo and a note are required, then it is delivered without code', async () => {
    const { runner, runnerToken, assignment } = await deliveryOnItsWay('handover-nobody-form@x.test', { requireCode: true })
    const portal = `/runner/${runner.id}/${encodeURIComponent(runnerToken)}`
    const page = await (await app.client().get(portal)).text()
    expect(page).toContain('Nobody to take it?')
    const post = (note: string, withPhoto: boolean) => {
      const form = withPhoto ? imageForm(photo, 'door.jpg', 'image/jpeg', 'photo') : new FormData()
      form.append('intent', 'nobody-there')
      form.append('assignmentId', assignment.id)
      form.append('notes', note)
      return app.client().fetch(portal, { method: 'POST', body: form })
    }
    const photo = await noisyPhoto(200, 150)
    expect((await post('', true)).status).toBe(302)
    expect((await post('Left by the door', false)).status).toBe(302)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('in_transit')
    expect(await db.deliveryProof.count({ where: { assignmentId: assignment.id } })).toBe(0)

    expect((await post('Left by the door', true)).status).toBe(302)
    expect((await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe('delivered')
    expect(await db.deliveryProof.findFirstOrThrow({ where: { assignmentId: assignment.id } })).toMatchObject({ notes: 'Left by the door' })
    expect((await db.handoverCheck.findUniqueOrThrow({ where: { assignmentId: assignment.id } })).withoutCodeAt).toBeInstanceOf(Date)
  })
})

describe('what the screens say about the code (issue 28)', () => {
  test('with the setting off the runner and the vendor read that it is optional; with it on, that it is needed', async () => {
    const off = await deliveryOnItsWay('handover-words-off@x.test')
    const portal = `/runner/${off.runner.id}/${encodeURIComponent(off.runnerToken)}`
    const runnerPage = await (await app.client().get(portal)).text()
    expect(runnerPage).toContain('Handover code (optional)')
    expect(runnerPage).not.toContain('Nobody to take it?')
    expect(await (await app.client().get(new URL(off.vendor.trackingUrl).pathname)).text()).toContain('show it if asked')

    const on = await deliveryOnItsWay('handover-words-on@x.test', { requireCode: true })
    const trackingOn = await (await app.client().get(new URL(on.vendor.trackingUrl).pathname)).text()
    expect(trackingOn).not.toContain('show it if asked')
    expect(trackingOn).toContain('Give this code to the runner')
  })
})
