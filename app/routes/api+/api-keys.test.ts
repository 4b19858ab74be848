import { afterEach, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { givenProduct } from '../../../tests/fixtures/catalog'
import { givenTeammate, organisationOf } from '../../../tests/fixtures/people'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

let serial = 0
async function owner() {
  const email = `keys-${++serial}@x.test`
  const client = await app.signedIn(email)
  const org = await organisationOf(email)
  return { client, orgId: org.id, email }
}

/** Another system calling with only the key: no cookies, no Origin. */
function withKey(key: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${key}`)
  if (init.body) headers.set('Content-Type', 'application/json')
  return fetch(app.url + path, { ...init, headers })
}

async function newKey(client: Awaited<ReturnType<typeof owner>>['client'], scopes: string[], name = 'Accounting sync') {
  const res = await client.post('/api/api-keys', { name, scopes })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; name: string; key: string; scopes: string[] }
}

afterEach(() => {
  delete process.env.API_KEY_LIMIT_PER_MINUTE
})

describe('API keys', () => {
  test('a new key is shown once, listed by its prefix only, and stored as a digest', async () => {
    const { client } = await owner()
    const created = await newKey(client, ['catalog:read'])
    expect(created).toEqual({ id: expect.any(String), name: 'Accounting sync', key: expect.stringMatching(/^srk_/), scopes: ['catalog:read'] })
    const list = await (await client.get('/api/api-keys')).json()
    expect(list).toEqual([expect.objectContaining({ id: created.id, name: 'Accounting sync', scopes: ['catalog:read'], lastUsedAt: null })])
    expect(created.key.startsWith(list[0].prefix)).toBe(true)
    expect(JSON.stringify(list)).not.toContain(created.key)
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })
    expect(JSON.stringify(stored)).not.toContain(created.key)
  })

  test('a key works within its scopes and answers 403 outside them', async () => {
    const { client, orgId } = await owner()
    const product = await givenProduct(orgId, { name: 'Paper towels' })
    const { key } = await newKey(client, ['catalog:read'])
    const read = await withKey(key, '/api/products')
    expect(read.status).toBe(200)
    expect((await read.json()).map((p: { id: string }) => p.id)).toEqual([product.id])

    const write = await withKey(key, '/api/products', { method: 'POST', body: JSON.stringify({ name: 'Soap' }) })
    expect(write.status).toBe(403)
    expect(await write.json()).toEqual({ error: 'This API key lacks the catalog:write scope.' })
    expect(await db.product.count({ where: { organisationId: orgId } })).toBe(1)
    expect((await withKey(key, '/api/requests')).status).toBe(403)
    // Keys never manage keys or reach a person's own settings.
    expect((await withKey(key, '/api/api-keys')).status).toBe(403)
    expect((await withKey(key, '/api/settings')).status).toBe(403)

    const list = await (await client.get('/api/api-keys')).json()
    expect(new Date(list[0].lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  test('a key with write scope creates in its own organisation', async () => {
    const { client, orgId } = await owner()
    const { key } = await newKey(client, ['catalog:write', 'catalog:read'])
    const res = await withKey(key, '/api/products', { method: 'POST', body: JSON.stringify({ name: 'Soap' }) })
    expect(res.status).toBe(201)
    expect(await db.product.findFirst({ where: { organisationId: orgId, name: 'Soap' } })).not.toBeNull()
  })

  test('a key never reaches another organisation', async () => {
    const a = await owner()
    const b = await owner()
    const aProduct = await givenProduct(a.orgId, { name: 'Only A' })
    const { key: bKey } = await newKey(b.client, ['catalog:read', 'catalog:write'])
    expect(await (await withKey(bKey, '/api/products')).json()).toEqual([])
    expect((await withKey(bKey, `/api/products/${aProduct.id}`)).status).toBe(404)
    const patch = await withKey(bKey, `/api/products/${aProduct.id}`, { method: 'PATCH', body: JSON.stringify({ name: 'Stolen' }) })
    expect(patch.status).toBe(404)
    expect((await db.product.findUniqueOrThrow({ where: { id: aProduct.id } })).name).toBe('Only A')
    // Nor can B see or revoke A's keys.
    const aKey = await newKey(a.client, ['catalog:read'])
    expect((await b.client.get('/api/api-keys').then((r) => r.json())).map((k: { id: string }) => k.id)).not.toContain(aKey.id)
    expect((await b.client.delete(`/api/api-keys/${aKey.id}`)).status).toBe(404)
    expect((await withKey(aKey.key, '/api/products')).status).toBe(200)
  })

  test('a revoked key answers 401 at once', async () => {
    const { client } = await owner()
    const { id, key } = await newKey(client, ['catalog:read'])
    expect((await withKey(key, '/api/products')).status).toBe(200)
    expect((await client.delete(`/api/api-keys/${id}`)).status).toBe(204)
    const after = await withKey(key, '/api/products')
    expect(after.status).toBe(401)
    expect(await (await client.get('/api/api-keys')).json()).toEqual([])
    expect((await withKey('srk_madeup', '/api/products')).status).toBe(401)
  })

  test('only owners and admins manage keys, and bad input creates nothing', async () => {
    const { client, email, orgId } = await owner()
    await givenTeammate(email, `member-${serial}@x.test`, 'member')
    const member = await app.signedIn(`member-${serial}@x.test`)
    expect((await member.post('/api/api-keys', { name: 'Mine', scopes: ['catalog:read'] })).status).toBe(403)
    const bad = await client.post('/api/api-keys', { name: 'X', scopes: ['everything'] })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors['scopes.0']).toEqual([expect.stringContaining('A scope is one of')])
    expect((await client.post('/api/api-keys', { name: '', scopes: [] })).status).toBe(400)
    expect(await db.apiKey.count({ where: { organisationId: orgId } })).toBe(0)
  })

  test('each key is rate-limited on its own', async () => {
    const { client } = await owner()
    const busy = await newKey(client, ['catalog:read'])
    const quiet = await newKey(client, ['catalog:read'])
    process.env.API_KEY_LIMIT_PER_MINUTE = '3'
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await withKey(busy.key, '/api/products')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    expect((await withKey(quiet.key, '/api/products')).status).toBe(200)
  })
})
