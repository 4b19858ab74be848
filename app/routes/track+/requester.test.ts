// What the requester reads (issue 34): the update e-mail comes under the organisation's name and
// carries the property, the stop and arrival window of the run, and the link back to the tracking
// page; that page shows the urgency, needed-by time, answers, where updates go and when it was delivered.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenRunner } from '../../../tests/fixtures/dispatch'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { decodePart, headerOf, mimeParts, startSmtp } from '../../../tests/support/smtp'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()
let smtp: Awaited<ReturnType<typeof startSmtp>>
const saved = { SMTP_URL: process.env.SMTP_URL }

beforeAll(async () => {
  smtp = await startSmtp()
  process.env.SMTP_URL = smtp.url
})
afterAll(async () => {
  await smtp.close()
  if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = saved.SMTP_URL
})
afterEach(() => {
  smtp.received.length = 0
})

const ROOM = [
  { key: 'room', type: 'text', required: false, labels: { en: 'Room number', es: 'Número de habitación' } },
  { key: 'size', type: 'select', required: false, labels: { en: 'Size' }, options: [{ value: 'l', labels: { en: 'Large', es: 'Grande' } }] },
  { key: 'lift', type: 'checkbox', required: false, labels: { en: 'Use the lift' } },
]

/** A Berlin company's property at a known place with a depot nearby, and a vendor's urgent request from it. */
async function urgentVendorRequest(ownerEmail: string, extra: Record<string, unknown> = {}) {
  const manager = await app.signedIn(ownerEmail)
  const org = await organisationOf(ownerEmail)
  await db.organisation.update({ where: { id: org.id }, data: { name: 'Spree Lofts GmbH', timeZone: 'Europe/Berlin' } })
  await db.organisationSettings.upsert({
    where: { organisationId: org.id },
    create: { organisationId: org.id, depotAddress: 'Depot', depotLatitude: 52.5, depotLongitude: 13.4 },
    update: { depotAddress: 'Depot', depotLatitude: 52.5, depotLongitude: 13.4 },
  })
  const { property, products } = await givenStorefront({ organisationId: org.id, name: 'Spree Lofts Mitte' })
  await db.property.update({ where: { id: property.id }, data: { latitude: 52.52, longitude: 13.41, geocodedAddress: property.address } })
  await db.propertyRequestFields.create({ data: { propertyId: property.id, organisationId: org.id, fields: JSON.stringify(ROOM) } })
  const res = await app.client().post('/api/vendor/requests', {
    propertyId: property.id,
    vendorName: 'Vera Vendor',
    requestedProducts: [{ productId: products[0]!.id, quantity: 2 }],
    urgent: true,
    neededBy: '2026-12-01T14:00',
    fields: { room: '4B', size: 'l', lift: true },
    ...extra,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const sent = await res.json()
  return { manager, org, id: sent.id as string, orderNumber: sent.orderNumber as string, trackPath: new URL(sent.trackingUrl).pathname }
}

const textOf = (raw: string) =>
  mimeParts(raw)
    .filter((p) => (p.headers['content-type'] ?? '').startsWith('text/plain'))
    .map((p) => decodePart(p).toString('utf8'))
    .join('\n')
const htmlOf = (raw: string) =>
  mimeParts(raw)
    .filter((p) => (p.headers['content-type'] ?? '').startsWith('text/html'))
    .map((p) => decodePart(p).toString('utf8'))
    .join('\n')

describe('the requester’s update e-mail', () => {
  test('comes from the organisation’s name with the tracking link, the property, and the stop and arrival window of the run', async () => {
    const { manager, org, id, orderNumber, trackPath } = await urgentVendorRequest('requester-mail@x.test')
    expect((await app.client().postForm(trackPath, { email: 'vera@vendor.test' })).status).toBe(302)
    const { runner, token } = await givenRunner(org.id)
    const made = await manager.post('/api/dispatch/runs', { runnerId: runner.id, requestIds: [id] })
    expect(made.status).toBe(201)

    const [mail] = smtp.received.filter((m) => m.to.includes('vera@vendor.test'))
    expect(mail).toBeDefined()
    expect(headerOf(mail!.raw, 'from')).toMatch(/^"?Spree Lofts GmbH"? <no-reply@/)
    expect(headerOf(mail!.raw, 'subject')).toBe(`${orderNumber} has been assigned to a runner`)
    const text = textOf(mail!.raw)
    expect(text).toContain(`Your request ${orderNumber} for Spree Lofts Mitte has been assigned to a runner.`)
    expect(text).toContain("Stop 1 of 1 on the runner's route")
    expect(text).toMatch(/Expected between \d{1,2}:\d{2}\s?(AM|PM)? and \d{1,2}:\d{2}/)
    const link = /Follow your request: (https?:\/\/\S+)/.exec(text)?.[1]
    expect(link, text).toBeDefined()
    expect(new URL(link!).pathname).toBe(trackPath)
    expect(htmlOf(mail!.raw)).toContain(`href="${link}"`)
    // The link in the e-mail opens the vendor's own tracking page.
    const page = await app.client().get(new URL(link!).pathname)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(orderNumber)

    // Delivered: the same sender and link, no stop to wait for.
    const [assignment] = await db.runnerAssignment.findMany({ where: { requestId: id } })
    for (const status of ['in_transit', 'delivered']) {
      const patch = await app.client().fetch(`/api/dispatch/assign/${assignment!.id}`, { method: 'PATCH', json: { status }, headers: { 'X-Runner-Token': token } })
      expect(patch.status, await patch.clone().text()).toBe(200)
    }
    const mails = smtp.received.filter((m) => m.to.includes('vera@vendor.test'))
    expect(mails).toHaveLength(3)
    // On its way: still the stop and window.
    expect(textOf(mails[1]!.raw)).toContain("Stop 1 of 1 on the runner's route")
    const delivered = mails[2]
    expect(delivered).toBeDefined()
    expect(headerOf(delivered!.raw, 'from')).toMatch(/^"?Spree Lofts GmbH"? </)
    expect(textOf(delivered!.raw)).toContain(`Your request ${orderNumber} for Spree Lofts Mitte has been delivered.`)
    expect(textOf(delivered!.raw)).not.toContain('Stop 1 of 1')
    expect(textOf(delivered!.raw)).toContain(link!)
  })

  test('is written in the language the request was made in', async () => {
    const { manager, org, id, orderNumber, trackPath } = await urgentVendorRequest('requester-mail-es@x.test')
    await db.productRequest.update({ where: { id }, data: { language: 'es' } })
    await app.client().postForm(trackPath, { email: 'ana@vendor.test' })
    const { runner } = await givenRunner(org.id)
    expect((await manager.post('/api/dispatch/assign', { requestId: id, runnerId: runner.id })).status).toBe(201)
    const [mail] = smtp.received.filter((m) => m.to.includes('ana@vendor.test'))
    expect(textOf(mail!.raw)).toContain(`Su pedido ${orderNumber} para Spree Lofts Mitte ya tiene un repartidor asignado.`)
    expect(textOf(mail!.raw)).toMatch(/Siga su pedido: https?:\/\/\S+\/track\//)
  })
})

describe('the tracking page', () => {
  test('shows the urgency, the needed-by time on the organisation’s clock, the answers, the masked address and the delivery time', async () => {
    const { manager, org, id, trackPath } = await urgentVendorRequest('requester-page@x.test')
    await app.client().postForm(trackPath, { email: 'vera@vendor.test' })
    const html = await (await app.client().get(trackPath)).text()
    expect(html).toMatch(/>Urgent</)
    // 14:00 on the property's (Berlin) clock, typed without a zone.
    expect(html).toMatch(/Needed by <time dateTime="2026-12-01T13:00:00.000Z">Dec 1, 2026, 2:00\s?PM<\/time>/)
    expect(html).toContain('Your answers')
    expect(html).toMatch(/Room number<\/dt><dd[^>]*>4B</)
    expect(html).toMatch(/Size<\/dt><dd[^>]*>Large</)
    expect(html).toMatch(/Use the lift<\/dt><dd[^>]*>Yes</)
    expect(html).toContain('Updates go to v•••@vendor.test.')
    expect(html).not.toContain('vera@vendor.test')

    const spanish = await (await app.client().get(`${trackPath}?lang=es`)).text()
    expect(spanish).toMatch(/Número de habitación<\/dt><dd[^>]*>4B</)
    expect(spanish).toMatch(/>Grande</)
    expect(spanish).toMatch(/>Urgente</)

    const { runner, token } = await givenRunner(org.id)
    const assignment = await (await manager.post('/api/dispatch/assign', { requestId: id, runnerId: runner.id })).json()
    for (const status of ['in_transit', 'delivered']) {
      const patch = await app.client().fetch(`/api/dispatch/assign/${assignment.id}`, { method: 'PATCH', json: { status }, headers: { 'X-Runner-Token': token } })
      expect(patch.status, await patch.clone().text()).toBe(200)
    }
    const { deliveredAt } = await db.runnerAssignment.findUniqueOrThrow({ where: { id: assignment.id } })
    const after = await (await app.client().get(trackPath)).text()
    expect(after).toContain(`Delivered on <time dateTime="${deliveredAt!.toISOString()}">`)
    const berlin = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(deliveredAt!)
    expect(after).toContain(berlin)
  })
})
