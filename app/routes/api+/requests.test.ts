import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { dayIn } from '~/areas/insights/stats.server'
import { organisationOf } from '../../../tests/fixtures/people'
import {
  givenDeliveredRequest,
  givenRequestWith,
  givenRequestsInEveryStatus,
  givenSite,
  givenStockedSite,
} from '../../../tests/fixtures/requests'
import { withTestServer } from '../../../tests/support/server'
import { pdfImages, pdfText } from '../../../tests/support/pdf'

const app = withTestServer()

async function managerWithOrg(email: string) {
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id }
}

type ListedRequest = { id: string; orderNumber: string; status: string; vendorName: string; requestedProducts: Array<{ name: string }> }

async function listed(client: Awaited<ReturnType<typeof app.signedIn>>, query = '') {
  const res = await client.get(`/api/requests${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ListedRequest[]
}

const vendors = (rows: ListedRequest[]) => rows.map((r) => r.vendorName)

describe('the request list', () => {
  test('answers every request of the organisation, newest first, in the spec shape', async () => {
    const { client, orgId } = await managerWithOrg('list-shape@x.test')
    const { property, products, pending } = await givenRequestsInEveryStatus(orgId)
    const rows = await listed(client)
    expect(vendors(rows)).toEqual(['Delta Supplies', 'Citrus Services', 'Bright Facilities', 'Acme Cleaning'])
    expect(rows.find((r) => r.id === pending.id)).toEqual({
      id: pending.id,
      orderNumber: pending.orderNumber,
      propertyId: property.id,
      tenantId: orgId,
      vendorName: 'Acme Cleaning',
      requestedProducts: [
        { productId: products[0]!.id, quantity: 2, name: 'Glass Cleaner' },
        { productId: products[1]!.id, quantity: 1, name: 'Mop Heads' },
      ],
      status: 'pending',
      notes: null,
      createdAt: pending.createdAt.toISOString(),
      updatedAt: expect.any(String),
      property: { id: property.id, name: 'Harbor View Towers', address: property.address },
      // What the requester told us (issue 29): nothing, for a request typed in without it.
      urgent: false,
      neededBy: null,
      fields: {},
      fieldAnswers: [],
      photos: [],
    })
  })

  test('filters by status: "all" hides archived ones, which show only when asked for', async () => {
    const { client, orgId } = await managerWithOrg('list-filter@x.test')
    await givenRequestsInEveryStatus(orgId)
    expect(vendors(await listed(client, '?status=all'))).toEqual(['Citrus Services', 'Bright Facilities', 'Acme Cleaning'])
    expect(vendors(await listed(client, '?status=pending'))).toEqual(['Acme Cleaning'])
    expect(vendors(await listed(client, '?status=in_progress'))).toEqual(['Bright Facilities'])
    expect(vendors(await listed(client, '?status=completed'))).toEqual(['Citrus Services'])
    expect(vendors(await listed(client, '?status=archived'))).toEqual(['Delta Supplies'])
    expect(vendors(await listed(client, '?status=pending,archived'))).toEqual(['Delta Supplies', 'Acme Cleaning'])
    const bad = await client.get('/api/requests?status=done')
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/Status must be/)
  })

  test('searches request id, order number, product names, property, vendor and notes, ignoring case', async () => {
    const { client, orgId } = await managerWithOrg('list-search@x.test')
    const { pending, inProgress } = await givenRequestsInEveryStatus(orgId)
    await givenRequestWith(orgId, { vendorName: 'Ñandú Servicios', products: [{ name: 'Жидкое мыло' }] })
    const search = async (q: string, status = 'all') => vendors(await listed(client, `?status=${status}&q=${encodeURIComponent(q)}`))

    expect(await search('glass cleaner')).toEqual(['Acme Cleaning'])
    expect(await search('MOP')).toEqual(['Citrus Services', 'Acme Cleaning'])
    expect(await search('harbor view')).toEqual(['Citrus Services', 'Bright Facilities', 'Acme Cleaning'])
    expect(await search('bright FAC')).toEqual(['Bright Facilities'])
    expect(await search('BACK DOOR')).toEqual(['Bright Facilities'])
    expect(await search(pending.id.slice(9, 23).toUpperCase())).toEqual(['Acme Cleaning'])
    expect(await search(inProgress.orderNumber.toLowerCase())).toEqual(['Bright Facilities'])
    expect(await search('ñANDÚ')).toEqual(['Ñandú Servicios'])
    expect(await search('жидкое')).toEqual(['Ñandú Servicios'])
    // Search stays inside the chosen statuses, and wildcards are plain characters.
    expect(await search('harbor', 'archived')).toEqual(['Delta Supplies'])
    expect(await search('%')).toEqual([])
    expect(await search('_')).toEqual([])
    expect(await search('nothing like this')).toEqual([])
  })

  test('pages with a keyset cursor: no request twice, none left out, ties on time broken by id', async () => {
    const { client, orgId } = await managerWithOrg('list-pages@x.test')
    const sameMoment = new Date(Date.now() - 60_000)
    const created = []
    for (let i = 0; i < 7; i++) created.push(await givenRequestWith(orgId, { vendorName: `Vendor ${i}`, createdAt: i < 4 ? sameMoment : new Date(Date.now() - i * 1000) }))
    const seen: string[] = []
    let path = '/api/requests?limit=3'
    const sizes: number[] = []
    for (let guard = 0; guard < 5 && path; guard++) {
      const res = await client.get(path)
      const page = (await res.json()) as ListedRequest[]
      sizes.push(page.length)
      seen.push(...page.map((r) => r.id))
      const next = res.headers.get('x-next-cursor')
      if (next) expect(res.headers.get('link')).toContain(`cursor=${next}`)
      path = next ? `/api/requests?limit=3&cursor=${next}` : ''
    }
    expect(sizes).toEqual([3, 3, 1])
    expect(new Set(seen).size).toBe(7)
    const all = await listed(client)
    expect(seen).toEqual(all.map((r) => r.id))
    expect((await client.get('/api/requests?cursor=not-a-cursor')).status).toBe(400)
    expect((await client.get('/api/requests?limit=0')).status).toBe(400)
  })

  test('without parameters answers the first 100', async () => {
    const { client, orgId } = await managerWithOrg('list-default@x.test')
    await db.$transaction(async (tx) => {
      const base = Date.now()
      for (let i = 0; i < 105; i++) {
        await tx.productRequest.create({ data: { organisationId: orgId, orderNumber: `ORD-B${i}`, vendorName: `V${i}`, createdAt: new Date(base - i * 1000) } })
      }
    })
    const res = await client.get('/api/requests')
    expect((await res.json()).length).toBe(100)
    expect(res.headers.get('x-next-cursor')).toBeTruthy()
  })
})

describe('changing a request status', () => {
  test('accepts each of the four statuses and keeps the history', async () => {
    const { client, orgId } = await managerWithOrg('status-ok@x.test')
    const request = await givenRequestWith(orgId)
    for (const status of ['in_progress', 'completed', 'archived', 'pending']) {
      const res = await client.patch(`/api/requests/${request.id}`, { status })
      expect(res.status).toBe(200)
      expect((await res.json()).status).toBe(status)
    }
    const history = await db.requestStatusChange.findMany({ where: { requestId: request.id }, orderBy: { createdAt: 'asc' } })
    expect(history.map((h) => h.status)).toEqual(['pending', 'in_progress', 'completed', 'archived', 'pending'])
    expect((await (await client.get(`/api/requests/${request.id}`)).json()).status).toBe('pending')
  })

  test('refuses anything else with 400 and changes nothing', async () => {
    const { client, orgId } = await managerWithOrg('status-bad@x.test')
    const request = await givenRequestWith(orgId)
    for (const body of [{ status: 'done' }, { status: 'assigned' }, { status: '' }, {}, { status: 3 }]) {
      const res = await client.patch(`/api/requests/${request.id}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await res.json()).error).toBe('Status must be one of pending, in_progress, completed, archived')
    }
    const bad = await client.fetch(`/api/requests/${request.id}`, { method: 'PATCH', body: '{not json', headers: { 'Content-Type': 'application/json' } })
    expect(bad.status).toBe(400)
    expect((await db.productRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('pending')
    expect(await db.requestStatusChange.count({ where: { requestId: request.id } })).toBe(1)
  })
})

describe('the dashboard counters', () => {
  test('count pending, in progress, completed today and live QR codes', async () => {
    const { client, orgId } = await managerWithOrg('stats@x.test')
    await givenRequestsInEveryStatus(orgId)
    await givenRequestWith(orgId, { status: 'pending' })
    await givenRequestWith(orgId, { status: 'completed', createdAt: new Date(Date.now() - 3 * 86_400_000) })
    await givenSite(orgId, { qrCodeActive: true })
    await givenSite(orgId, { qrCodeActive: false })
    expect(await (await client.get('/api/stats')).json()).toEqual({
      pendingRequests: 2,
      inProgressRequests: 1,
      // The one completed three days ago is not today's.
      completedToday: 1,
      activeQRCodes: 1,
    })
  })

  test("count as completed today what became completed since midnight in the organisation's time zone", async () => {
    for (const timeZone of ['America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
      const email = `stats-${timeZone.replace(/\W/g, '').toLowerCase()}@x.test`
      const { client, orgId } = await managerWithOrg(email)
      await db.organisation.update({ where: { id: orgId }, data: { timeZone } })
      const { start } = dayIn(timeZone)
      const justBefore = new Date(start.getTime() - 60_000)
      const justAfter = new Date(Math.min(start.getTime() + 60_000, Date.now() - 1000))
      const old = new Date(start.getTime() - 86_400_000)
      await givenRequestWith(orgId, { status: 'completed', createdAt: old, statusAt: justBefore })
      await givenRequestWith(orgId, { status: 'completed', createdAt: old, statusAt: justAfter })
      // Completed today, then reopened: no longer a completed request.
      const reopened = await givenRequestWith(orgId, { status: 'completed', createdAt: old, statusAt: justAfter })
      await client.patch(`/api/requests/${reopened.id}`, { status: 'pending' })
      // Completed yesterday, touched again today by an unrelated change: still yesterday's.
      const touched = await givenRequestWith(orgId, { status: 'completed', createdAt: old, statusAt: justBefore })
      await db.productRequest.update({ where: { id: touched.id }, data: { notes: 'edited today' } })
      const stats = await (await client.get('/api/stats')).json()
      expect(stats.completedToday, timeZone).toBe(1)
      expect(stats.pendingRequests, timeZone).toBe(1)
    }
  })
})

describe('the CSV export', () => {
  test('downloads every matching request as requests-<date>.csv with commas, quotes and line breaks quoted', async () => {
    const { client, orgId } = await managerWithOrg('csv@x.test')
    const { property } = await givenStockedSite(orgId, ['Soap'], { name: 'Harbor, North Wing' })
    const tricky = 'He said "hi", then left\nSecond line'
    const request = await givenRequestWith(orgId, {
      propertyId: property.id,
      vendorName: '=HYPERLINK("http://evil")',
      notes: tricky,
      products: [{ name: 'Soap, liquid', quantity: 2 }, { name: '12" tiles' }],
    })
    await givenRequestWith(orgId, { vendorName: 'Archived Co', status: 'archived' })
    const res = await client.get('/api/requests?format=csv&status=all')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const { date } = dayIn('UTC')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="requests-${date}.csv"`)
    const text = (await res.text()).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('Order Number,Request ID,Status,Property,Address,Vendor,Products,Items,Notes,Created At,Urgent,Needed By,Photos')
    expect(text).toContain(
      [
        request.orderNumber,
        request.id,
        'pending',
        '"Harbor, North Wing"',
        property.address.includes(',') ? `"${property.address}"` : property.address,
        `"'=HYPERLINK(""http://evil"")"`,
        '"Soap, liquid x2; 12"" tiles x1"',
        '2',
        '"He said ""hi"", then left\nSecond line"',
        `${request.createdAt.toISOString().slice(0, 19)}+00:00`, // ISO 8601 on the organisation's clock (UTC here) with its offset
        'no',
        '',
        '0',
      ].join(',') + '\r\n',
    )
    expect(text).not.toContain('Archived Co')
    expect(text.endsWith('\r\n')).toBe(true)
  })
})

describe('the request PDF', () => {
  test('is a PDF with the order number, property, vendor, items, history and the delivery proof', async () => {
    const { client, orgId } = await managerWithOrg('pdf@x.test')
    const { property } = await givenStockedSite(orgId, ['Soap'], { name: 'Seaside Lofts' })
    const { request } = await givenDeliveredRequest(orgId, {
      propertyId: property.id,
      vendorName: 'Acme Cleaning',
      products: [{ name: 'Glass Cleaner', quantity: 3 }],
      proofNotes: 'Left with the concierge',
    })
    const res = await client.get(`/api/requests/${request.id}/pdf`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`${request.orderNumber}.pdf`)
    const pdf = Buffer.from(await res.arrayBuffer())
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
    const text = await pdfText(pdf)
    for (const expected of [`Request ${request.orderNumber}`, 'Seaside Lofts', 'Acme Cleaning', 'Glass Cleaner', 'Status history', 'Completed', 'Delivery proof', 'Left with the concierge']) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('The delivery photo is not available')
    // The runner's photo is in it: one embedded image, the 64×48 JPEG from the fixture.
    expect((await pdfImages(pdf)).filter((image) => image.width === 64 && image.height === 48)).toHaveLength(1)
  })
})

describe('delivery proof', () => {
  test('answers the latest proof of the request, or 404 before there is one', async () => {
    const { client, orgId } = await managerWithOrg('proof@x.test')
    const { request, proof } = await givenDeliveredRequest(orgId)
    const res = await client.get(`/api/requests/${request.id}/delivery-proof`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: proof.id, imageUrl: proof.imageUrl, notes: 'Left with the concierge' })
    const waiting = await givenRequestWith(orgId)
    expect((await client.get(`/api/requests/${waiting.id}/delivery-proof`)).status).toBe(404)
  })
})

describe('a manager entering a request', () => {
  test('creates it as pending with 201 and the request in the list shape', async () => {
    const { client, orgId } = await managerWithOrg('create@x.test')
    const { property, products } = await givenStockedSite(orgId, ['Soap', 'Towels'])
    const res = await client.post('/api/requests', {
      propertyId: property.id,
      vendorName: 'Front Desk',
      requestedProducts: [{ productId: products[0]!.id, quantity: 5 }, { productId: products[1]!.id, quantity: 1 }],
      notes: 'For the lobby',
    })
    expect(res.status).toBe(201)
    const created = await res.json()
    expect(created).toMatchObject({
      orderNumber: expect.stringMatching(/^ORD-\d{6}$/),
      status: 'pending',
      vendorName: 'Front Desk',
      notes: 'For the lobby',
      requestedProducts: [
        { productId: products[0]!.id, quantity: 5, name: 'Soap' },
        { productId: products[1]!.id, quantity: 1, name: 'Towels' },
      ],
      property: { id: property.id },
    })
    expect((await listed(client)).map((r) => r.id)).toEqual([created.id])
    expect((await (await client.get('/api/notifications/unread')).json()).count).toBe(1)
  })

  test("answers the spec's messages for missing fields", async () => {
    const { client, orgId } = await managerWithOrg('create-bad@x.test')
    const { property, products } = await givenStockedSite(orgId, ['Soap'])
    const line = [{ productId: products[0]!.id, quantity: 1 }]
    const cases: Array<[unknown, string]> = [
      [{ vendorName: 'X', requestedProducts: line }, 'Property is required'],
      [{ propertyId: property.id, vendorName: '  ', requestedProducts: line }, 'Vendor name is required'],
    ]
    for (const [body, message] of cases) {
      const res = await client.post('/api/requests', body)
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe(message)
    }
    expect(await db.productRequest.count({ where: { organisationId: orgId } })).toBe(0)
  })
})

describe('another organisation', () => {
  test("gets 404 for every route on this organisation's request, and never sees it listed", async () => {
    const { orgId } = await managerWithOrg('owner-a@x.test')
    const { request } = await givenDeliveredRequest(orgId)
    const { property, products } = await givenStockedSite(orgId, ['Soap'])
    const other = await app.signedIn('owner-b@x.test')
    const id = request.id
    const attempts: Array<[string, Promise<Response>]> = [
      ['GET request', other.get(`/api/requests/${id}`)],
      ['PATCH request', other.patch(`/api/requests/${id}`, { status: 'archived' })],
      ['GET pdf', other.get(`/api/requests/${id}/pdf`)],
      ['GET proof', other.get(`/api/requests/${id}/delivery-proof`)],
      ['POST at their property', other.post('/api/requests', { propertyId: property.id, vendorName: 'X', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] })],
    ]
    for (const [name, attempt] of attempts) {
      const res = await attempt
      expect(res.status, name).toBe(404)
      expect((await res.json()).error, name).toEqual(expect.any(String))
    }
    expect(await listed(other)).toEqual([])
    expect(await listed(other, `?q=${request.orderNumber}`)).toEqual([])
    expect((await db.productRequest.findUniqueOrThrow({ where: { id } })).status).toBe('completed')
    expect(await (await other.get('/api/stats')).json()).toMatchObject({ completedToday: 0, pendingRequests: 0 })
  })

  test('without a session every route answers 401', async () => {
    const anonymous = app.client()
    for (const path of ['/api/requests', '/api/requests/x', '/api/requests/x/pdf', '/api/requests/x/delivery-proof', '/api/stats']) {
      expect((await anonymous.get(path)).status, path).toBe(401)
    }
    expect((await anonymous.patch('/api/requests/x', { status: 'pending' })).status).toBe(401)
    expect((await anonymous.post('/api/requests', {})).status).toBe(401)
  })
})
