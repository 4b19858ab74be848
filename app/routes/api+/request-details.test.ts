// Issue 29 over the API: a property's questions, and what a requester tells us (answers, urgency,
// a needed-by time, photos) carried to the request, the lists, the queue, the CSV and the webhook.
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { removeUnusedUploads } from '~/areas/organisation/unused-uploads.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStorefront } from '../../../tests/fixtures/vendor'
import { imageForm, sidewaysPhoto } from '../../../tests/fixtures/images'
import { withTestServer } from '../../../tests/support/server'
import { givenRunner } from '../../../tests/fixtures/dispatch'
import { pdfImages, pdfText } from '../../../tests/support/pdf'
import { costCentreQuestion, roomQuestion } from '../../../tests/fixtures/request-fields'

const app = withTestServer()

const QUESTIONS = {
  fields: [
    roomQuestion,
    { key: 'floor', type: 'number', required: false, labels: { en: 'Floor' } },
    { key: 'by_date', type: 'date', required: false, labels: { en: 'Date' } },
    { key: 'keys_needed', type: 'checkbox', required: false, labels: { en: 'Keys needed' } },
    costCentreQuestion,
  ],
}

async function managerWithStorefront(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  const storefront = await givenStorefront({ organisationId: org.id })
  return { client, orgId: org.id, ...storefront }
}

function vendorRequest(propertyId: string, productId: string, extra: Record<string, unknown> = {}) {
  return app.client().post('/api/vendor/requests', { propertyId, vendorName: 'Olena', requestedProducts: [{ productId, quantity: 1 }], ...extra })
}

describe('a property’s request fields', () => {
  test('a manager replaces and reads them; the answer is the document as stored', async () => {
    const { client, property } = await managerWithStorefront('fields-put@x.test')
    expect(await (await client.get(`/api/properties/${property.id}/request-fields`)).json()).toEqual({ fields: [] })
    const put = await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
    expect(put.status, await put.clone().text()).toBe(200)
    const read = await (await client.get(`/api/properties/${property.id}/request-fields`)).json()
    expect(read.fields.map((f: { key: string }) => f.key)).toEqual(['room', 'floor', 'by_date', 'keys_needed', 'cost_centre'])
    expect(read.fields[0]).toEqual(QUESTIONS.fields[0])
  })

  test('bad definitions are a 400 that says which, and change nothing', async () => {
    const { client, property } = await managerWithStorefront('fields-bad@x.test')
    await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
    const cases = [
      { fields: [{ key: 'Room', type: 'text', labels: { en: 'Room' } }], field: 'fields.0.key' },
      { fields: [{ key: 'room', type: 'colour', labels: { en: 'Room' } }], field: 'fields.0.type' },
      { fields: [{ key: 'room', type: 'select', labels: { en: 'Room' } }], field: 'fields.0.options' },
      { fields: [{ key: 'room', type: 'text', labels: { es: 'Sala' } }], field: 'fields.0.labels.en' },
      { fields: Array.from({ length: 11 }, (_, i) => ({ key: `q${i}`, type: 'text', labels: { en: `Q${i}` } })), field: 'fields' },
      { fields: [{ key: 'a', type: 'text', labels: { en: 'A' } }, { key: 'a', type: 'text', labels: { en: 'B' } }], field: 'fields.1.key' },
    ]
    for (const { fields, field } of cases) {
      const res = await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: { fields } })
      expect(res.status, field).toBe(400)
      expect(Object.keys((await res.json()).fieldErrors), field).toContain(field)
    }
    expect((await (await client.get(`/api/properties/${property.id}/request-fields`)).json()).fields).toHaveLength(5)
  })

  test('another organisation’s property answers 404', async () => {
    const { client } = await managerWithStorefront('fields-mine@x.test')
    const { property } = await givenStorefront()
    expect((await client.get(`/api/properties/${property.id}/request-fields`)).status).toBe(404)
    expect((await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })).status).toBe(404)
  })
})

describe('what a vendor tells us with a request', () => {
  test('answers, urgency and a needed-by time on the property’s clock reach the request, and a later edit of the questions changes no answer', async () => {
    const { client, orgId, property, products } = await managerWithStorefront('answers@x.test')
    await db.organisation.update({ where: { id: orgId }, data: { timeZone: 'Europe/Kyiv' } })
    await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
    const res = await vendorRequest(property.id, products[0]!.id, {
      urgent: true,
      neededBy: '2026-12-01T14:00',
      fields: { room: 'pool', floor: 3, by_date: '2026-12-02', keys_needed: true, cost_centre: 'CC-12' },
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const { id } = await res.json()
    const shown = await (await client.get(`/api/requests/${id}`)).json()
    expect(shown).toMatchObject({
      urgent: true,
      // 14:00 in Kyiv in winter is 12:00 UTC.
      neededBy: '2026-12-01T12:00:00.000Z',
      fields: { room: 'pool', floor: 3, by_date: '2026-12-02', keys_needed: true, cost_centre: 'CC-12' },
      photos: [],
    })

    await client.fetch(`/api/properties/${property.id}/request-fields`, {
      method: 'PUT',
      json: { fields: [{ key: 'room', type: 'select', required: true, labels: { en: 'Area' }, options: [{ value: 'gym', labels: { en: 'Gym' } }] }] },
    })
    const again = await (await client.get(`/api/requests/${id}`)).json()
    expect(again.fields).toEqual(shown.fields)
    expect(again.fieldAnswers[0]).toMatchObject({ key: 'room', label: 'Room', text: 'Pool' })
  })

  test('a missing required answer, an option not offered and a wrong type are a 400 keyed fields.<key>, and nothing is stored', async () => {
    const { client, orgId, property, products } = await managerWithStorefront('answers-bad@x.test')
    await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
    const before = await db.productRequest.count({ where: { organisationId: orgId } })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fields: { floor: 2 } }, 'fields.room'],
      [{ fields: { room: 'attic' } }, 'fields.room'],
      [{ fields: { room: 'pool', floor: 'three' } }, 'fields.floor'],
      [{ fields: { room: 'pool', by_date: '2026-13-40' } }, 'fields.by_date'],
      [{ fields: { room: 'pool', keys_needed: 'yes' } }, 'fields.keys_needed'],
      [{ fields: { room: 'pool' }, neededBy: 'tomorrow' }, 'neededBy'],
    ]
    for (const [extra, field] of cases) {
      const res = await vendorRequest(property.id, products[0]!.id, extra)
      expect(res.status, field).toBe(400)
      const body = await res.json()
      expect(body.fieldErrors[field], field).toEqual([expect.any(String)])
      expect(body.error).toEqual(expect.any(String))
    }
    expect(await db.productRequest.count({ where: { organisationId: orgId } })).toBe(before)
  })

  test('a vendor uploads a photo for the property and sends it with the request; its stored bytes carry no EXIF or GPS', async () => {
    const { client, property, products } = await managerWithStorefront('photos@x.test')
    const upload = await app.client().fetch(`/api/upload?propertyId=${property.id}`, { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const photo = await upload.json()
    const res = await vendorRequest(property.id, products[0]!.id, { photos: [photo] })
    expect(res.status, await res.clone().text()).toBe(201)
    const shown = await (await client.get(`/api/requests/${(await res.json()).id}`)).json()
    expect(shown.photos).toEqual([photo])
    const stored = Buffer.from(await (await app.client().get(photo.imageUrl)).arrayBuffer())
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    expect(stored.includes(Buffer.from('GPS'))).toBe(false)
  })

  test('a photo that is not one of the organisation’s uploads is refused', async () => {
    const { property, products } = await managerWithStorefront('photos-foreign@x.test')
    const other = await givenStorefront()
    const upload = await app.client().fetch(`/api/upload?propertyId=${other.property.id}`, { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    const foreign = await upload.json()
    for (const photos of [[foreign], [{ imageUrl: 'https://evil.test/x.jpg', thumbnailUrl: 'https://evil.test/y.jpg' }]]) {
      const res = await vendorRequest(property.id, products[0]!.id, { photos })
      expect(res.status).toBe(400)
      expect(Object.keys((await res.json()).fieldErrors)).toEqual(['photos.0'])
    }
  })
})

describe('urgent requests', () => {
  test('the dispatch queue lists urgent first, then by needed-by, then by age; the list filters on urgent', async () => {
    const { client, property, products } = await managerWithStorefront('urgent@x.test')
    const send = async (vendorName: string, extra: Record<string, unknown>) => {
      const res = await app.client().post('/api/vendor/requests', { propertyId: property.id, vendorName, requestedProducts: [{ productId: products[0]!.id, quantity: 1 }], ...extra })
      expect(res.status, await res.clone().text()).toBe(201)
    }
    await send('Plain old', {})
    await send('Needed later', { neededBy: '2026-12-05T10:00:00Z' })
    await send('Needed sooner', { neededBy: '2026-12-01T10:00:00Z' })
    await send('Urgent', { urgent: true })
    const queue = await (await client.get('/api/dispatch/queue')).json()
    expect(queue.map((r: { vendorName: string }) => r.vendorName)).toEqual(['Urgent', 'Needed sooner', 'Needed later', 'Plain old'])
    expect(queue[0]).toMatchObject({ urgent: true, neededBy: null, fields: {}, photos: [] })

    const urgent = await (await client.get('/api/requests?urgent=true')).json()
    expect(urgent.map((r: { vendorName: string }) => r.vendorName)).toEqual(['Urgent'])
    expect((await client.get('/api/requests?urgent=maybe')).status).toBe(400)
  })

  test('an urgent request’s notification says so, and the webhook events about it carry the details', async () => {
    const { client, orgId, property, products } = await managerWithStorefront('urgent-note@x.test')
    await db.webhookEndpoint.create({ data: { organisationId: orgId, url: 'https://hooks.test/in', secret: 's', events: 'request.created,request.status_changed' } })
    const res = await vendorRequest(property.id, products[0]!.id, { urgent: true, neededBy: '2026-12-01T10:00:00Z' })
    expect(res.status).toBe(201)
    const note = await db.notification.findFirst({ where: { organisationId: orgId, type: 'new_request' }, orderBy: { createdAt: 'desc' } })
    expect(note?.message).toMatch(/^URGENT: New request/)
    // The bell's poll tells how many unread are urgent, so it can play the urgent sound.
    expect(await (await client.get('/api/notifications/unread')).json()).toEqual({ count: 1, urgent: 1 })
    const delivery = await db.webhookDelivery.findFirst({ where: { organisationId: orgId, type: 'request.created' } })
    expect(JSON.parse(delivery!.payload).data.request).toMatchObject({ urgent: true, neededBy: '2026-12-01T10:00:00.000Z', fields: {}, photos: [] })
    // A later change of status tells an integration the same, without a second call to ask.
    const { id } = (await res.json()) as { id: string }
    expect((await client.fetch(`/api/requests/${id}`, { method: 'PATCH', json: { status: 'completed' } })).status).toBe(200)
    const changed = await db.webhookDelivery.findFirst({ where: { organisationId: orgId, type: 'request.status_changed' } })
    expect(JSON.parse(changed!.payload).data.request).toMatchObject({ id, status: 'completed', urgent: true, neededBy: '2026-12-01T10:00:00.000Z', fields: {}, photos: [] })
  })

  test('the CSV export carries urgency, needed-by, the photo count and one column per question', async () => {
    const { client, property, products } = await managerWithStorefront('csv@x.test')
    await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
    expect((await vendorRequest(property.id, products[0]!.id, { urgent: true, fields: { room: 'lobby', floor: 2 } })).status).toBe(201)
    const csv = await (await client.get('/api/requests?format=csv')).text()
    const [header, row] = csv.replace('\uFEFF', '').trim().split(/\r?\n/)
    expect(header).toContain('Urgent,Needed By,Photos,floor,room')
    expect(row).toMatch(/,yes,,0,2,Lobby$/)
  })
})

describe('everywhere the request is shown', () => {
  test('the runner’s portal and delivery page, the tracking page (photos) and the request PDF carry what the requester told us', async () => {
    const { client, orgId, property, products } = await managerWithStorefront('everywhere@x.test')
    await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
    const upload = await app.client().fetch(`/api/upload?propertyId=${property.id}`, { method: 'POST', body: imageForm(await sidewaysPhoto()) })
    const photo = await upload.json()
    const sent = await vendorRequest(property.id, products[0]!.id, { urgent: true, fields: { room: 'pool', cost_centre: 'CC-99' }, photos: [photo] })
    const { id, trackingUrl } = await sent.json()

    const { runner, token } = await givenRunner(orgId)
    const assigned = await client.post('/api/dispatch/assign', { requestId: id, runnerId: runner.id })
    expect(assigned.status, await assigned.clone().text()).toBe(201)
    const assignment = await assigned.json()
    expect(assignment.request).toMatchObject({ urgent: true, fields: { room: 'pool', cost_centre: 'CC-99' }, photos: [photo] })

    const portal = await (await app.client().get(`/runner/${runner.id}/${token}`)).text()
    expect(portal).toContain('Urgent')
    expect(portal).toContain('Pool')
    expect(portal).toContain('CC-99')
    expect(portal).toContain(photo.thumbnailUrl)

    const link = new URL(assignment.shareableUrl).pathname
    const delivery = await (await app.client().get(link)).text()
    expect(delivery).toContain('From the Requester')
    expect(delivery).toContain('Cost centre')
    expect(delivery).toContain(photo.thumbnailUrl)

    const tracking = await (await app.client().get(new URL(trackingUrl).pathname)).text()
    expect(tracking).toContain(photo.thumbnailUrl)

    const pdf = new Uint8Array(await (await client.get(`/api/requests/${id}/pdf`)).arrayBuffer())
    const text = await pdfText(pdf)
    expect(text).toContain('From the requester')
    expect(text).toContain('Urgent')
    expect(text).toContain('Room')
    expect(text).toContain('Pool')
    expect(text).toContain('CC-99')
    expect(text).toContain("Requester's photos")
    expect((await pdfImages(pdf)).length).toBeGreaterThanOrEqual(1)
  })
})

test('a manager’s request (typed in, a standing order, a reorder) may leave the vendors’ required questions out, but what it answers is checked', async () => {
  const { client, property, products } = await managerWithStorefront('manager-skip@x.test')
  await client.fetch(`/api/properties/${property.id}/request-fields`, { method: 'PUT', json: QUESTIONS })
  const typed = await client.post('/api/requests', { propertyId: property.id, vendorName: 'Front desk', requestedProducts: [{ productId: products[0]!.id, quantity: 5 }] })
  expect(typed.status, await typed.clone().text()).toBe(201)
  const wrong = await client.post('/api/requests', { propertyId: property.id, vendorName: 'Front desk', requestedProducts: [{ productId: products[0]!.id, quantity: 5 }], fields: { room: 'attic' } })
  expect(wrong.status).toBe(400)
  expect(Object.keys((await wrong.json()).fieldErrors)).toEqual(['fields.room'])
})

test('a requester’s photo is kept by the unused-uploads sweep, a day later and after', async () => {
  const { property, products } = await managerWithStorefront('photos-kept@x.test')
  const upload = await app.client().fetch(`/api/upload?propertyId=${property.id}`, { method: 'POST', body: imageForm(await sidewaysPhoto()) })
  const photo = await upload.json()
  expect((await vendorRequest(property.id, products[0]!.id, { photos: [photo] })).status).toBe(201)
  await removeUnusedUploads(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000))
  for (const url of [photo.imageUrl, photo.thumbnailUrl]) expect((await app.client().get(url)).status, url).toBe(200)
})
