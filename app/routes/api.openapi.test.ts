import fs from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'

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

    const routeFiles = fs.readdirSync('app/routes').filter((f) => /^api\..*\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== 'api.$.ts')
    expect(routeFiles.length).toBeGreaterThan(40)
    const missing = routeFiles.map(pathOfRouteFile).filter((p) => !doc.paths[p])
    expect(missing).toEqual([])
    for (const file of routeFiles) {
      const source = fs.readFileSync(`app/routes/${file}`, 'utf8')
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
