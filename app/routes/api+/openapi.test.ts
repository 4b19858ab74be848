import fs from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { organisationOf } from '../../../tests/fixtures/people'
import { givenStockedSite } from '../../../tests/fixtures/requests'
import { givenDelivery } from '../../../tests/fixtures/stock'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

/** The URL path a Remix flat-route file answers: api.requests.$id.ts → /api/requests/{id}. */
function pathOfRouteFile(file: string) {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split(/\.(?![^[]*\])/)
    .map((s) => s.replace(/\[\.\]/g, '.').replace(/^\$(.+)$/, '{$1}'))
  return `/${segments.join('/')}`
}

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  test('is valid OpenAPI 3.1 and lists every /api route file with its methods', async () => {
    const res = await app.client().get('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = await res.json()
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')

    // The API's route files, named as their flat names (api.<file>) for pathOfRouteFile.
    const routeFiles = fs
      .readdirSync('app/routes/api+')
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== '$.ts')
      .map((f) => `api.${f}`)
    expect(routeFiles.length).toBeGreaterThan(40)
    const missing = routeFiles.map(pathOfRouteFile).filter((p) => !doc.paths[p])
    expect(missing).toEqual([])
    for (const file of routeFiles) {
      const source = fs.readFileSync(`app/routes/api+/${file.slice('api.'.length)}`, 'utf8')
      const documented = Object.keys(doc.paths[pathOfRouteFile(file)])
      // A route that checks for a method must have it documented.
      for (const [, method] of source.matchAll(/request\.method [!=]== '([A-Z]+)'/g)) expect(documented, file).toContain(method!.toLowerCase())
    }
  })

  test('describes bodies from the validating schemas and the error contract', async () => {
    const doc = await (await app.client().get('/api/openapi.json')).json()
    const create = doc.paths['/api/api-keys'].post
    const body = create.requestBody.content['application/json'].schema
    expect(body.required).toEqual(['name', 'scopes'])
    expect(body.properties.scopes.items.enum).toContain('catalog:read')
    expect(create.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    expect(doc.paths['/api/products'].get['x-scope']).toBe('catalog:read')
    expect(doc.paths['/api/products/import'].post.requestBody.content).toHaveProperty('multipart/form-data')
    // The routes merged after the table: their validating schemas and scopes are in the document too.
    expect(doc.paths['/api/properties/{id}/products/{productId}'].put.requestBody.content['application/json'].schema.required).toEqual(['parLevel'])
    expect(doc.paths['/api/reports/consumption'].get['x-scope']).toBe('invoices:read')
    expect(doc.paths['/api/reports/consumption'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['from', 'to']))
    expect(doc.paths['/api/audit-log'].get).not.toHaveProperty('x-scope')
    expect(doc.paths['/api/members/{userId}'].patch.requestBody.content['application/json'].schema.properties.role.enum).toContain('admin')
    expect(doc.paths['/api/dispatch/assign/{id}'].patch.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key')
    expect(doc.paths['/api/events'].get.responses['200'].content).toHaveProperty('text/event-stream')
  })
})

describe('the documented answers (issues 15 and 17)', () => {
  type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> }

  /** The document's own JSON Schema for a successful answer, read back into a validator. */
  function answerValidator(doc: Doc, method: string, path: string, status: number) {
    const schema = doc.paths[path]?.[method.toLowerCase()]?.responses[status]?.content?.['application/json']?.schema
    expect(schema, `${method} ${path} ${status}`).toBeDefined()
    expect(Object.keys(schema!), `${method} ${path} describes its answer`).not.toEqual([])
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])
  }

  type Call = [method: string, path: string, call: () => Promise<Response>, status: number]

  /** Makes each call in turn and checks its status and answer against the document; answers the bodies. */
  async function answersAsDocumented(doc: Doc, calls: Call[]) {
    const answers: { method: string; path: string; body: unknown }[] = []
    for (const [method, path, call, status] of calls) {
      const res = await call()
      const body = await res.json()
      expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(status)
      const checked = answerValidator(doc, method, path, status).safeParse(body)
      expect(checked.success ? [] : checked.error.issues, `${method} ${path}`).toEqual([])
      answers.push({ method, path, body })
    }
    return answers
  }

  test('every stock-intelligence and integrations call answers what the document says, field for field', async () => {
    const email = 'openapi-answers@x.test'
    const client = await app.signedIn(email)
    const org = await organisationOf(email)
    // Its QR code on, so vendors can see its catalog.
    const { property, products } = await givenStockedSite(org.id, ['Glass Cleaner', 'Mop Heads'], { qrCodeActive: true })
    await givenDelivery(org.id, { propertyId: property.id, products: [{ id: products[0]!.id, name: 'Glass Cleaner', quantity: 30 }], deliveredAt: new Date(Date.now() - 5 * 86_400_000) })
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as Doc
    expect(doc.paths['/api/vendor/properties/{propertyId}/products']!.get!).toMatchObject({ parameters: expect.arrayContaining([expect.objectContaining({ name: 'lang', in: 'query' })]) })

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const csv = (text: string) => {
      const form = new FormData()
      form.set('file', new Blob([text], { type: 'text/csv' }), 'file.csv')
      return form
    }
    const calls: Call[] = [
      ['POST', '/api/products', () => client.post('/api/products', { name: 'Soap', translations: { uk: { name: 'Мило' } } }), 201],
      ['GET', '/api/products', () => client.get('/api/products'), 200],
      ['GET', '/api/products/{id}', () => client.get(`/api/products/${products[0]!.id}`), 200],
      ['PUT', '/api/products/{id}', () => client.put(`/api/products/${products[0]!.id}`, { name: 'Glass Cleaner', translations: { es: { name: 'Limpiacristales', description: 'Spray' } } }), 200],
      ['PATCH', '/api/products/{id}', () => client.patch(`/api/products/${products[0]!.id}`, { price: '$3.50' }), 200],
      ['PUT', '/api/properties/{id}/products/{productId}', () => client.put(`/api/properties/${property.id}/products/${products[1]!.id}`, { parLevel: 5 }), 200],
      ['GET', '/api/properties/{id}/products', () => client.get(`/api/properties/${property.id}/products`), 200],
      ['GET', '/api/properties/{id}/reorder-suggestions', () => client.get(`/api/properties/${property.id}/reorder-suggestions`), 200],
      [
        'POST',
        '/api/standing-orders',
        () => client.post('/api/standing-orders', { propertyId: property.id, vendorName: 'Linen', items: [{ productId: products[0]!.id, quantity: 2 }], every: 'month', dayOfMonth: 31, time: '08:00', timezone: 'Europe/Kyiv' }),
        201,
      ],
      ['GET', '/api/standing-orders', () => client.get('/api/standing-orders'), 200],
      ['GET', '/api/reports/consumption', () => client.get(`/api/reports/consumption?from=${day(-30)}&to=${day(1)}`), 200],
      ['POST', '/api/api-keys', () => client.post('/api/api-keys', { name: 'Ledger', scopes: ['catalog:read', 'invoices:read'] }), 201],
      ['GET', '/api/api-keys', () => client.get('/api/api-keys'), 200],
      ['POST', '/api/webhooks', () => client.post('/api/webhooks', { url: 'https://93.184.215.14/hooks', events: ['request.created', 'invoice.sent'] }), 201],
      ['GET', '/api/webhooks', () => client.get('/api/webhooks'), 200],
      ['POST', '/api/products/import', () => client.fetch('/api/products/import?dryRun=true', { method: 'POST', body: csv('name,category\nTowels,Linens\n') }), 200],
      ['POST', '/api/products/import', () => client.fetch('/api/products/import?dryRun=true', { method: 'POST', body: csv('name,category\nTowels,Linens\n,Nameless\n') }), 422],
      ['POST', '/api/properties/import', () => client.fetch('/api/properties/import?dryRun=true', { method: 'POST', body: csv('name,address\nElm Court,1 Elm St\n') }), 200],
      ['GET', '/api/audit-log', () => client.get('/api/audit-log'), 200],
      ['GET', '/api/vendor/properties/{propertyId}/products', () => app.client().get(`/api/vendor/properties/${property.id}/products?lang=es`), 200],
    ]
    for (const { method, path, body } of await answersAsDocumented(doc, calls)) {
      // Not vacuous: the answers hold rows.
      if (Array.isArray(body)) expect(body.length, `${method} ${path}`).toBeGreaterThan(0)
    }
  })

  test('the depot and stock calls answer what the document says, field for field (issue 37)', async () => {
    const email = 'openapi-stock@x.test'
    const client = await app.signedIn(email)
    const org = await organisationOf(email)
    const product = await db.product.create({ data: { organisationId: org.id, name: 'Paper Towels', unitCost: 1.25 } })
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as Doc
    const depotId = ((await (await client.get('/api/depots')).json()) as { depots: { id: string }[] }).depots[0]!.id
    const calls: Call[] = [
      ['GET', '/api/depots', () => client.get('/api/depots'), 200],
      ['POST', '/api/depots', () => client.post('/api/depots', { name: 'North yard', address: '4 Mill Lane' }), 201],
      ['PUT', '/api/depots/{id}/stock/{productId}', () => client.put(`/api/depots/${depotId}/stock/${product.id}`, { reorderPoint: 3, reorderQuantity: 12, bin: 'A-01' }), 200],
      ['POST', '/api/stock/movements', () => client.post('/api/stock/movements', { depotId, productId: product.id, quantity: 8, reason: 'receive', note: 'Pallet 1' }), 201],
      ['POST', '/api/stock/movements', () => client.post('/api/stock/movements', { depotId, productId: product.id, reason: 'count', counted: 7 }), 201],
      ['GET', '/api/depots/{id}/stock', () => client.get(`/api/depots/${depotId}/stock`), 200],
      ['GET', '/api/stock/movements', () => client.get(`/api/stock/movements?depotId=${depotId}`), 200],
    ]
    const answers = await answersAsDocumented(doc, calls)
    expect(answers.find((a) => a.path === '/api/stock/movements' && a.method === 'GET')!.body).toMatchObject({ movements: [{ reason: 'count' }, { reason: 'receive' }] })
    const scopes = doc.paths as unknown as Record<string, Record<string, { 'x-scope'?: string }>>
    expect(scopes['/api/depots/{id}/stock']!.get!['x-scope']).toBe('stock:read')
    expect(scopes['/api/stock/movements']!.post!['x-scope']).toBe('stock:write')
  })

  test('the team calls answer what the document says, and never with an invitation token', async () => {
    const client = await app.signedIn('openapi-team@x.test')
    const org = await organisationOf('openapi-team@x.test')
    const mate = await db.user.create({ data: { email: 'openapi-mate@x.test', memberships: { create: { organisationId: org.id, role: 'member' } } } })
    const me = await db.user.findUniqueOrThrow({ where: { email: 'openapi-team@x.test' } })
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as Doc
    const invited = (await (await client.post('/api/invitations', { email: 'openapi-invitee@x.test', role: 'member' })).json()) as { invitation: { id: string } }
    const id = invited.invitation.id
    const calls: Call[] = [
      ['GET', '/api/members', () => client.get('/api/members'), 200],
      ['PATCH', '/api/members/{userId}', () => client.patch(`/api/members/${mate.id}`, { role: 'admin' }), 200],
      ['POST', '/api/invitations', () => client.post('/api/invitations', { email: 'openapi-second@x.test', role: 'admin' }), 201],
      ['GET', '/api/invitations', () => client.get('/api/invitations'), 200],
      ['POST', '/api/invitations/{id}/resend', () => client.post(`/api/invitations/${id}/resend`), 200],
      ['DELETE', '/api/invitations/{id}', () => client.delete(`/api/invitations/${id}`), 200],
      ['POST', '/api/members/transfer-ownership', () => client.post('/api/members/transfer-ownership', { userId: mate.id }), 200],
      ['DELETE', '/api/members/{userId}', () => client.delete(`/api/members/${me.id}`), 200],
    ]
    for (const { method, path, body } of await answersAsDocumented(doc, calls)) expect(JSON.stringify(body), `${method} ${path}`).not.toMatch(/token/i)
  })

  test('a field the document does not describe fails the check', async () => {
    const doc = (await (await app.client().get('/api/openapi.json')).json()) as Doc
    const validator = answerValidator(doc, 'POST', '/api/api-keys', 201)
    const answer = { id: 'k1', name: 'Ledger', key: 'srk_x', scopes: ['catalog:read'] }
    expect(validator.safeParse(answer).success).toBe(true)
    expect(validator.safeParse({ ...answer, keyHash: 'leaked' }).success).toBe(false)
    expect(validator.safeParse({ ...answer, scopes: ['everything'] }).success).toBe(false)
  })
})
