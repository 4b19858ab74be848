// The requester hears back (issue 16): a vendor leaves an e-mail and a phone on the tracking page and
// gets one message per change (assigned, on its way, delivered) through our SMTP path and the SMS
// provider, each with a stop link that works.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRunner } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { sentMessages } from '../../../tests/mocks/sms'
import { decodePart, mimeParts, startSmtp } from '../../../tests/support/smtp'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()
let smtp: Awaited<ReturnType<typeof startSmtp>>
const SMS_ENV = { TWILIO_ACCOUNT_SID: 'ACmock', TWILIO_AUTH_TOKEN: 'mock-auth', TWILIO_FROM: '+15005550006' }
const saved = { SMTP_URL: process.env.SMTP_URL }

beforeAll(async () => {
  smtp = await startSmtp()
  process.env.SMTP_URL = smtp.url
  Object.assign(process.env, SMS_ENV)
})
afterAll(async () => {
  await smtp.close()
  for (const key of Object.keys(SMS_ENV)) delete process.env[key]
  if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = saved.SMTP_URL
})
afterEach(() => {
  smtp.received.length = 0
})

async function vendorRequest(ownerEmail: string) {
  const manager = await app.signedIn(ownerEmail)
  const org = await organisationOf(ownerEmail)
  const { property, products } = await givenStorefront({ organisationId: org.id })
  const res = await app.client().post('/api/vendor/requests', {
    propertyId: property.id,
    vendorName: 'Vera Vendor',
    requestedProducts: [{ productId: products[0]!.id, quantity: 1 }],
  })
  const sent = await res.json()
  return { manager, org, id: sent.id as string, orderNumber: sent.orderNumber as string, trackPath: new URL(sent.trackingUrl).pathname }
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address))
const textsTo = (phone: string) => sentMessages.filter((m) => m.to === phone)
/** A message's own header lines (folded lines unfolded), by lower-case name. */
const headersOf = (raw: string) =>
  Object.fromEntries(
    raw
      .slice(0, raw.search(/\r?\n\r?\n/))
      .replace(/\r?\n[ \t]+/g, ' ')
      .split(/\r?\n/)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  ) as Record<string, string | undefined>
// Decoded: a long link is folded by quoted-printable.
const bodyOf = (raw: string) => mimeParts(raw).map((p) => decodePart(p).toString('utf8')).join('\n') || raw

describe('the requester hears back', () => {
  test('one e-mail and one text per change, each with a working stop link', async () => {
    const { manager, org, id, orderNumber, trackPath } = await vendorRequest('hear-back@x.test')
    const phone = '+15550123999'
    const saved = await app.client().postForm(trackPath, { email: 'Vera@Vendor.test', phone })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toContain('notify=saved')
    // Asking twice is still one listener per address.
    await app.client().postForm(trackPath, { email: 'vera@vendor.test' })

    const { runner, token } = await givenRunner(org.id)
    const assigned = await manager.post('/api/dispatch/assign', { requestId: id, runnerId: runner.id })
    const assignment = await assigned.json()
    const patch = (status: string) =>
      app.client().fetch(`/api/dispatch/assign/${assignment.id}`, { method: 'PATCH', json: { status }, headers: { 'X-Runner-Token': token } })
    expect((await patch('in_transit')).status).toBe(200)
    expect((await patch('in_transit')).status).toBe(200) // pressed twice: no second message
    expect((await patch('delivered')).status).toBe(200)

    const mails = mailsTo('vera@vendor.test')
    expect(mails).toHaveLength(3)
    const subjects = mails.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])
    expect(subjects).toEqual([`${orderNumber} has been assigned to a runner`, `${orderNumber} is on its way`, `${orderNumber} has been delivered`])
    const texts = textsTo(phone)
    expect(texts.map((t) => t.body.match(/has been assigned|is on its way|has been delivered/)?.[0])).toEqual(['has been assigned', 'is on its way', 'has been delivered'])

    // The stop link: opening it changes nothing; its button stops the messages.
    const stopPath = new URL(/https?:\/\/\S+\/track\/stop\/[A-Za-z0-9_-]+/.exec(texts[0]!.body)![0]).pathname
    expect(bodyOf(mails[0]!.raw)).toContain('/track/stop/')
    const look = await app.client().get(stopPath)
    expect(look.status).toBe(200)
    expect(await db.requesterSubscription.count({ where: { requestId: id, stoppedAt: { not: null } } })).toBe(0)
    expect((await app.client().postForm(stopPath, {})).status).toBe(200)
    expect(await db.requesterSubscription.findFirst({ where: { requestId: id, channel: 'sms' } })).toMatchObject({ stoppedAt: expect.any(Date) })
  })

  test('after stopping, no more messages; bad contact details are refused and nothing is saved', async () => {
    const { manager, org, id, trackPath } = await vendorRequest('hear-back-stop@x.test')
    const bad = await app.client().postForm(trackPath, { email: 'not-an-email', phone: '' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Enter an e-mail address like name@example.com.')
    const none = await app.client().postForm(trackPath, { email: '', phone: '' })
    expect(none.status).toBe(400)
    expect(await db.requesterSubscription.count({ where: { requestId: id } })).toBe(0)

    await app.client().postForm(trackPath, { email: 'quiet@vendor.test' })
    const listener = await db.requesterSubscription.findFirstOrThrow({ where: { requestId: id } })
    expect((await app.client().postForm(`/track/stop/${listener.stopToken}`, {})).status).toBe(200)
    const { runner } = await givenRunner(org.id)
    expect((await manager.post('/api/dispatch/assign', { requestId: id, runnerId: runner.id })).status).toBe(201)
    expect(mailsTo('quiet@vendor.test')).toHaveLength(0)
    expect((await app.client().get('/track/stop/not-a-real-token')).status).toBe(404)
  })

  // RFC 8058: the mail client's own "Unsubscribe" button posts `List-Unsubscribe=One-Click` to the
  // stop link, from the provider's servers (no cookie, maybe another Origin). One click, no page.
  test('every e-mail carries one-click List-Unsubscribe headers, and posting them stops the messages', async () => {
    const { manager, org, id, trackPath } = await vendorRequest('hear-back-one-click@x.test')
    await app.client().postForm(trackPath, { email: 'oneclick@vendor.test' })
    const { runner, token } = await givenRunner(org.id)
    const assignment = await (await manager.post('/api/dispatch/assign', { requestId: id, runnerId: runner.id })).json()

    const [mail] = mailsTo('oneclick@vendor.test')
    expect(mail).toBeDefined()
    const headers = headersOf(mail!.raw)
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const stopUrl = /^<(https?:\/\/[^>]+\/track\/stop\/[A-Za-z0-9_-]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1]
    expect(stopUrl, headers['list-unsubscribe']).toBeDefined()
    expect(bodyOf(mail!.raw)).toContain(new URL(stopUrl!).pathname)

    // The stop page itself, for people who click the link in the body: one form, one button.
    const page = await (await app.client().get(new URL(stopUrl!).pathname)).text()
    expect(page.match(/<form\b/g)).toHaveLength(1)
    expect(page.match(/<button\b/g)).toHaveLength(1)
    expect(page).toMatch(/<form method="post"[^>]*>.*<button[^>]*type="submit"[^>]*>Stop messages<\/button>/s)

    const oneClick = await fetch(`${app.url}${new URL(stopUrl!).pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await db.requesterSubscription.findFirstOrThrow({ where: { requestId: id } })).toMatchObject({ stoppedAt: expect.any(Date) })
    // Posted again (a provider retrying): still fine, still stopped.
    expect((await fetch(`${app.url}${new URL(stopUrl!).pathname}`, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })).status).toBe(200)

    const patch = (status: string) =>
      app.client().fetch(`/api/dispatch/assign/${assignment.id}`, { method: 'PATCH', json: { status }, headers: { 'X-Runner-Token': token } })
    expect((await patch('in_transit')).status).toBe(200)
    expect((await patch('delivered')).status).toBe(200)
    expect(mailsTo('oneclick@vendor.test')).toHaveLength(1)
  })

  test('other writes from another site are still refused', async () => {
    const res = await fetch(`${app.url}/track/not-a-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.net' },
      body: 'email=a%40b.test',
    })
    expect(res.status).toBe(403)
  })
})
