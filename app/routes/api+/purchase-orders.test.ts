import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { writeTogether } from '~/lib/sql.server'
import { firstDepotIn } from '~/areas/stock/depot.server'
import { organisationOf, givenTeammate } from '../../../tests/fixtures/people'
import { decodePart, headerOf, mimeParts, startSmtp } from '../../../tests/support/smtp'
import { pdfText } from '../../../tests/support/pdf'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

type Client = Awaited<ReturnType<typeof app.signedIn>>
type Line = { productId: string; name: string; quantity: number; unitCost: number; received: number; outstanding: number }
type Order = { id: string; number: string; status: string; total: number; lines: Line[]; supplier: { email: string | null } }

const savedEnv = { SMTP_URL: process.env.SMTP_URL, OUTBOX_DIR: process.env.OUTBOX_DIR }
afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

/** A signed-in owner with a supplier, two products it sells and the organisation's first depot. */
async function givenBuyer(email: string, supplier: Record<string, unknown> = {}) {
  const client = await app.signedIn(email)
  const orgId = (await organisationOf(email)).id
  const res = await client.post('/api/suppliers', { name: 'Clean Supply Co', email: 'orders@cleansupply.test', phone: '+1 555 0100', leadTimeDays: 7, ...supplier })
  expect(res.status, await res.clone().text()).toBe(201)
  const made = ((await res.json()) as { supplier: { id: string } }).supplier
  const towels = await db.product.create({ data: { organisationId: orgId, name: 'Paper towels' } })
  const soap = await db.product.create({ data: { organisationId: orgId, name: 'Hand soap' } })
  const depot = await writeTogether((sql) => firstDepotIn(sql, orgId))
  return { client, orgId, supplier: made, towels, soap, depot }
}

async function draft(client: Client, body: unknown) {
  const res = await client.post('/api/purchase-orders', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { purchaseOrder: Order }).purchaseOrder
}

async function markSent(orderId: string) {
  await db.purchaseOrder.update({ where: { id: orderId }, data: { status: 'sent', sentAt: new Date() } })
}

describe('suppliers', () => {
  test('are listed by name; bad input is a 400 with field errors', async () => {
    const { client } = await givenBuyer('suppliers@x.test')
    await client.post('/api/suppliers', { name: 'Acme Linen', leadTimeDays: 2 })
    const list = (await (await client.get('/api/suppliers')).json()) as { suppliers: Array<{ name: string; leadTimeDays: number }> }
    expect(list.suppliers.map((s) => s.name)).toEqual(['Acme Linen', 'Clean Supply Co'])
    const bad = await client.post('/api/suppliers', { name: ' ', email: 'not-mail', leadTimeDays: -1 })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toMatchObject({ name: expect.any(Array), email: expect.any(Array), leadTimeDays: expect.any(Array) })
  })

  test("a product's supplier and unit cost are set through PUT /api/products/:id and kept by a PUT that leaves them out", async () => {
    const { client, supplier, towels } = await givenBuyer('product-supplier@x.test')
    const res = await client.put(`/api/products/${towels.id}`, { name: 'Paper towels', supplierId: supplier.id, unitCost: 4.5 })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ supplierId: supplier.id, unitCost: 4.5 })
    await client.put(`/api/products/${towels.id}`, { name: 'Paper towels, 12 rolls' })
    expect(await db.product.findUniqueOrThrow({ where: { id: towels.id } })).toMatchObject({ supplierId: supplier.id, unitCost: 4.5 })
    const foreign = await client.put(`/api/products/${towels.id}`, { name: 'Paper towels', supplierId: 'not-ours' })
    expect(foreign.status).toBe(400)
    expect(await foreign.json()).toMatchObject({ fieldErrors: { supplierId: ['No such supplier'] } })
  })
})

describe('purchase orders', () => {
  test('are numbered per organisation and year, and answer the contract', async () => {
    const { client, supplier, towels, soap, depot } = await givenBuyer('numbering@x.test')
    const year = new Date().getUTCFullYear()
    const first = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 3, unitCost: 0.1 }, { productId: soap.id, quantity: 7, unitCost: 19.99 }] })
    expect(first).toMatchObject({ id: expect.any(String), number: `PO-${year}-0001`, status: 'draft', total: 140.23 })
    expect(first.lines).toHaveLength(2)
    const second = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] })
    expect(second.number).toBe(`PO-${year}-0002`)
    // Another organisation counts from 1.
    const other = await givenBuyer('numbering-other@x.test')
    expect((await draft(other.client, { supplierId: other.supplier.id, depotId: other.depot.id, lines: [{ productId: other.towels.id, quantity: 1, unitCost: 1 }] })).number).toBe(`PO-${year}-0001`)
  })

  test('bad input is a 400 with field errors, never a 500', async () => {
    const { client, supplier, towels, depot } = await givenBuyer('bad-po@x.test')
    const cases: Array<[unknown, string]> = [
      [{ supplierId: supplier.id, depotId: depot.id, lines: [] }, 'lines'],
      [{ supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 0, unitCost: 1 }] }, 'lines.0.quantity'],
      [{ supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: -1 }] }, 'lines.0.unitCost'],
      [{ supplierId: supplier.id, depotId: depot.id, lines: [{ productId: 'nope', quantity: 1, unitCost: 1 }] }, 'lines.0.productId'],
      [{ supplierId: 'nope', depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] }, 'supplierId'],
      [{ supplierId: supplier.id, depotId: 'nope', lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] }, 'depotId'],
    ]
    for (const [body, field] of cases) {
      const res = await client.post('/api/purchase-orders', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(((await res.json()) as { fieldErrors: Record<string, unknown> }).fieldErrors, JSON.stringify(body)).toHaveProperty([field])
    }
  })

  test('received in part and then whole: on hand rises by what arrived, receive movements name the order, the webhook goes once', async () => {
    const { client, orgId, supplier, towels, soap, depot } = await givenBuyer('receive@x.test')
    await db.webhookEndpoint.create({ data: { organisationId: orgId, url: 'http://127.0.0.1:9/hook', secret: 's', events: 'purchase_order.received' } })
    const order = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 10, unitCost: 2 }, { productId: soap.id, quantity: 4, unitCost: 3 }] })
    const early = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 1 }] })
    expect(early.status).toBe(409)
    expect(((await early.json()) as { error: string }).error).toMatch(/draft/)
    await markSent(order.id)

    const part = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 6 }] })
    expect(part.status, await part.clone().text()).toBe(200)
    expect(((await part.json()) as { purchaseOrder: Order }).purchaseOrder).toMatchObject({ status: 'partially_received' })
    expect(await db.depotStock.findUniqueOrThrow({ where: { depotId_productId: { depotId: depot.id, productId: towels.id } } })).toMatchObject({ onHand: 6 })

    const tooMany = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 5 }] })
    expect(tooMany.status).toBe(400)
    expect(await tooMany.json()).toMatchObject({ fieldErrors: { 'lines.0.quantity': ['Only 4 of Paper towels still to come'] } })
    const stranger = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: 'not-on-it', quantity: 1 }] })
    expect(stranger.status).toBe(400)

    const rest = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 4 }, { productId: soap.id, quantity: 4 }] })
    expect(rest.status, await rest.clone().text()).toBe(200)
    const done = ((await rest.json()) as { purchaseOrder: Order }).purchaseOrder
    expect(done.status).toBe('received')
    expect(done.lines.every((l) => l.outstanding === 0)).toBe(true)
    const movements = await db.stockMovement.findMany({ where: { purchaseOrderId: order.id }, orderBy: { createdAt: 'asc' } })
    expect(movements.map((m) => [m.reason, m.quantity])).toEqual([['receive', 6], ['receive', 4], ['receive', 4]])
    expect(await db.depotStock.findUniqueOrThrow({ where: { depotId_productId: { depotId: depot.id, productId: towels.id } } })).toMatchObject({ onHand: 10 })
    expect(await db.webhookDelivery.count({ where: { organisationId: orgId, type: 'purchase_order.received' } })).toBe(1)

    const again = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 1 }] })
    expect(again.status).toBe(409)
    expect(await db.auditEvent.count({ where: { organisationId: orgId, action: 'purchase_order.received' } })).toBe(2)
  })

  test('a cancelled order cannot be received or sent; a sent one cannot be sent again or have its lines changed', async () => {
    const { client, supplier, towels, depot } = await givenBuyer('states@x.test')
    const order = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 2, unitCost: 1 }] })
    const edited = await client.put(`/api/purchase-orders/${order.id}`, { lines: [{ productId: towels.id, quantity: 5, unitCost: 1.5 }] })
    expect(((await edited.json()) as { purchaseOrder: Order }).purchaseOrder).toMatchObject({ total: 7.5 })
    await markSent(order.id)
    const resend = await client.post(`/api/purchase-orders/${order.id}/send`)
    expect(resend.status).toBe(409)
    expect(((await resend.json()) as { error: string }).error).toBe(`${order.number} has been sent: only a draft can be sent.`)
    expect((await client.put(`/api/purchase-orders/${order.id}`, { lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] })).status).toBe(409)
    expect((await client.post(`/api/purchase-orders/${order.id}/cancel`)).status).toBe(200)
    const receive = await client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 1 }] })
    expect(receive.status).toBe(409)
    expect(((await receive.json()) as { error: string }).error).toBe(`${order.number} was cancelled: nothing more can be received on it.`)
  })

  test('sending e-mails the supplier the PDF with the organisation letterhead and marks it sent', async () => {
    const smtp = await startSmtp()
    try {
      process.env.SMTP_URL = smtp.url
      const { client, orgId, supplier, towels, depot } = await givenBuyer('send-po@x.test')
      await db.organisation.update({ where: { id: orgId }, data: { name: 'Harbor Lane Properties', address: '7 Quay Street', taxId: 'TX-42' } })
      const order = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 12, unitCost: 4.5 }] })
      const res = await client.post(`/api/purchase-orders/${order.id}/send`)
      expect(res.status, await res.clone().text()).toBe(200)
      expect(await res.json()).toMatchObject({ to: 'orders@cleansupply.test', delivery: 'smtp', purchaseOrder: { status: 'sent', sentAt: expect.any(String) } })
      expect(smtp.received).toHaveLength(1)
      const mail = smtp.received[0]!
      expect(mail.to).toEqual(['orders@cleansupply.test'])
      expect(headerOf(mail.raw, 'subject')).toBe(`Purchase order ${order.number} from Harbor Lane Properties`)
      const attachment = mimeParts(mail.raw).find((p) => p.headers['content-type']?.startsWith('application/pdf'))
      expect(attachment?.headers['content-disposition']).toContain(`${order.number}.pdf`)
      const text = await pdfText(decodePart(attachment!))
      for (const seen of ['PURCHASE ORDER', order.number, 'Harbor Lane Properties', '7 Quay Street', 'Tax ID: TX-42', 'Clean Supply Co', 'Paper towels', '$54.00']) expect(text).toContain(seen)

      const download = await client.get(`/api/purchase-orders/${order.id}/pdf`)
      expect(download.status).toBe(200)
      expect(download.headers.get('content-type')).toContain('application/pdf')
      expect(await pdfText(Buffer.from(await download.arrayBuffer()))).toContain('Sent')
    } finally {
      await smtp.close()
    }
  })

  test('a supplier without an e-mail address is a 409 that says what to do', async () => {
    const { client, supplier, towels, depot } = await givenBuyer('no-mail@x.test', { email: null })
    const order = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] })
    const res = await client.post(`/api/purchase-orders/${order.id}/send`)
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: string }).error).toMatch(/no e-mail address/)
  })

  test('members see orders and record receipts; only owners and admins manage suppliers and orders', async () => {
    const { client, supplier, towels, depot } = await givenBuyer('roles-owner@x.test')
    const order = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 2, unitCost: 1 }] })
    await markSent(order.id)
    await givenTeammate('roles-owner@x.test', 'roles-member@x.test', 'member')
    await givenTeammate('roles-owner@x.test', 'roles-admin@x.test', 'admin')
    const member = await app.signedIn('roles-member@x.test')
    expect((await member.get('/api/purchase-orders')).status).toBe(200)
    expect((await member.get(`/api/purchase-orders/suggestions?depotId=${depot.id}`)).status).toBe(200)
    expect((await member.post('/api/suppliers', { name: 'Mine', leadTimeDays: 1 })).status).toBe(403)
    expect((await member.post('/api/purchase-orders', { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] })).status).toBe(403)
    expect((await member.post(`/api/purchase-orders/${order.id}/cancel`)).status).toBe(403)
    expect((await member.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 2 }] })).status).toBe(200)
    const admin = await app.signedIn('roles-admin@x.test')
    expect((await admin.post('/api/suppliers', { name: 'Admin Supply', leadTimeDays: 1 })).status).toBe(201)
  })
})

describe('API keys', () => {
  test('purchasing:read reads orders and suppliers, purchasing:write drafts and receives, another scope reaches neither', async () => {
    const { client, supplier, towels, depot } = await givenBuyer('po-keys@x.test')
    const keyOf = async (scopes: string[]) => ((await (await client.post('/api/api-keys', { name: `Keys ${scopes.join(' ')}`, scopes })).json()) as { key: string }).key
    const withKey = (key: string, path: string, body?: unknown) =>
      fetch(app.url + path, { method: body ? 'POST' : 'GET', headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
    const reader = await keyOf(['purchasing:read'])
    const writer = await keyOf(['purchasing:read', 'purchasing:write'])
    const other = await keyOf(['catalog:read'])
    const order = { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 2, unitCost: 1 }] }
    expect((await withKey(reader, '/api/purchase-orders')).status).toBe(200)
    expect((await withKey(reader, '/api/suppliers')).status).toBe(200)
    expect((await withKey(reader, '/api/purchase-orders', order)).status).toBe(403)
    expect((await withKey(other, '/api/purchase-orders')).status).toBe(403)
    const made = await withKey(writer, '/api/purchase-orders', order)
    expect(made.status).toBe(201)
    const { purchaseOrder } = (await made.json()) as { purchaseOrder: Order }
    await markSent(purchaseOrder.id)
    expect((await withKey(writer, `/api/purchase-orders/${purchaseOrder.id}/receive`, { lines: [{ productId: towels.id, quantity: 2 }] })).status).toBe(200)
  })
})

describe('suggestions', () => {
  test('a product at or below its reorder point is suggested up to its reorder level, plus what standing orders take within the lead time, less what is on order', async () => {
    const { client, orgId, supplier, towels, soap, depot } = await givenBuyer('suggest@x.test')
    await client.put(`/api/products/${towels.id}`, { name: 'Paper towels', supplierId: supplier.id, unitCost: 4.5 })
    await db.depotStock.create({ data: { organisationId: orgId, depotId: depot.id, productId: towels.id, onHand: 5, reserved: 2, reorderPoint: 4, reorderQuantity: 20 } })
    // Above its reorder point: not suggested.
    await db.depotStock.create({ data: { organisationId: orgId, depotId: depot.id, productId: soap.id, onHand: 30, reserved: 0, reorderPoint: 4, reorderQuantity: 20 } })
    const property = await db.property.create({ data: { organisationId: orgId, name: 'Harbor', address: '1 Quay' } })
    // Every day: 7 occurrences within the supplier's 7 days, 2 towels each.
    await db.standingOrder.create({ data: { organisationId: orgId, propertyId: property.id, vendorName: 'Linen', items: JSON.stringify([{ productId: towels.id, quantity: 2 }]), every: 'day', time: '07:30', timezone: 'UTC' } })
    const res = await client.get(`/api/purchase-orders/suggestions?depotId=${depot.id}`)
    expect(res.status, await res.clone().text()).toBe(200)
    const body = (await res.json()) as { suggestions: Array<{ supplier: { id: string }; lines: Array<Record<string, unknown>> }> }
    expect(body.suggestions).toHaveLength(1)
    expect(body.suggestions[0]!.supplier.id).toBe(supplier.id)
    // (4 + 20) − 3 available + 14 standing = 35
    expect(body.suggestions[0]!.lines).toEqual([expect.objectContaining({ productId: towels.id, available: 3, standingOrders: 14, onOrder: 0, quantity: 35, unitCost: 4.5 })])

    await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 30, unitCost: 4.5 }] })
    const after = (await (await client.get(`/api/purchase-orders/suggestions?depotId=${depot.id}`)).json()) as typeof body
    expect(after.suggestions[0]!.lines[0]).toMatchObject({ onOrder: 30, quantity: 5 })

    expect((await client.get('/api/purchase-orders/suggestions')).status).toBe(400)
    expect((await client.get('/api/purchase-orders/suggestions?depotId=nope')).status).toBe(404)
  })
})

describe('the OpenAPI document', () => {
  type Doc = { paths: Record<string, Record<string, { 'x-scope'?: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>> }

  test('describes every purchasing answer field for field, with its API-key scope', async () => {
    process.env.OUTBOX_DIR = (await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'po-outbox-'))
    delete process.env.SMTP_URL
    const { client, orgId, supplier, towels, depot } = await givenBuyer('openapi-po@x.test')
    await client.put(`/api/products/${towels.id}`, { name: 'Paper towels', supplierId: supplier.id, unitCost: 4.5 })
    await db.depotStock.create({ data: { organisationId: orgId, depotId: depot.id, productId: towels.id, reorderPoint: 4, reorderQuantity: 6 } })
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as Doc
    const order = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 4, unitCost: 4.5 }] })
    const calls: Array<[string, string, () => Promise<Response>, number]> = [
      ['GET', '/api/suppliers', () => client.get('/api/suppliers'), 200],
      ['POST', '/api/suppliers', () => client.post('/api/suppliers', { name: 'Second Supply', leadTimeDays: 1 }), 201],
      ['GET', '/api/suppliers/{id}', () => client.get(`/api/suppliers/${supplier.id}`), 200],
      ['PUT', '/api/suppliers/{id}', () => client.put(`/api/suppliers/${supplier.id}`, { name: 'Clean Supply Co', email: 'orders@cleansupply.test', leadTimeDays: 4 }), 200],
      ['GET', '/api/purchase-orders/suggestions', () => client.get(`/api/purchase-orders/suggestions?depotId=${depot.id}`), 200],
      ['POST', '/api/purchase-orders', () => client.post('/api/purchase-orders', { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] }), 201],
      ['GET', '/api/purchase-orders', () => client.get('/api/purchase-orders'), 200],
      ['GET', '/api/purchase-orders/{id}', () => client.get(`/api/purchase-orders/${order.id}`), 200],
      ['PUT', '/api/purchase-orders/{id}', () => client.put(`/api/purchase-orders/${order.id}`, { lines: [{ productId: towels.id, quantity: 4, unitCost: 4.5 }] }), 200],
      ['POST', '/api/purchase-orders/{id}/send', () => client.post(`/api/purchase-orders/${order.id}/send`), 200],
      ['POST', '/api/purchase-orders/{id}/receive', () => client.post(`/api/purchase-orders/${order.id}/receive`, { lines: [{ productId: towels.id, quantity: 4 }] }), 200],
    ]
    for (const [method, path, call, status] of calls) {
      const res = await call()
      const body = await res.json()
      expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(status)
      const operation = doc.paths[path]?.[method.toLowerCase()]
      expect(operation?.['x-scope'], `${method} ${path}`).toMatch(/^purchasing:(read|write)$/)
      const schema = operation?.responses[String(status)]?.content?.['application/json']?.schema
      expect(schema, `${method} ${path} ${status}`).toBeDefined()
      const checked = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(body)
      expect(checked.success ? [] : checked.error.issues, `${method} ${path}`).toEqual([])
    }
    const cancellable = await draft(client, { supplierId: supplier.id, depotId: depot.id, lines: [{ productId: towels.id, quantity: 1, unitCost: 1 }] })
    const cancelled = await client.post(`/api/purchase-orders/${cancellable.id}/cancel`)
    const schema = doc.paths['/api/purchase-orders/{id}/cancel']!.post!.responses['200']!.content!['application/json']!.schema
    expect(z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(await cancelled.json()).success).toBe(true)
    expect(doc.paths['/api/purchase-orders/{id}/pdf']!.get!['x-scope']).toBe('purchasing:read')
  })
})
