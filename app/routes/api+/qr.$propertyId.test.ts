import { describe, expect, test } from 'vitest'
import { givenProperty } from '../../../tests/fixtures/catalog'
import { orgIdOf } from '../../../tests/fixtures/qr'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

async function managerWithProperty(email: string, fields: Parameters<typeof givenProperty>[1] = {}) {
  const client = await app.signedIn(email)
  const property = await givenProperty(await orgIdOf(email), fields)
  return { client, property }
}

describe('activating a property QR code through the API', () => {
  test('turns it on and stores the vendor link on this server with the time it was made', async () => {
    const { client, property } = await managerWithProperty('qr-api1@x.test')
    const before = Date.now()
    const res = await client.post(`/api/qr/${property.id}/activate`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ id: property.id, name: property.name, qrCodeActive: true, qrCodeUrl: `${app.url}/vendor/${property.id}` })
    expect(new Date(body.qrCodeGeneratedAt).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect((await (await client.get(`/api/qr/${property.id}`)).json()).url).toBe(`${app.url}/vendor/${property.id}`)
  })

  test('keeps a link that was already printed, even when made from another address', async () => {
    const printed = 'https://old.example/vendor/abc'
    const generatedAt = new Date('2025-01-02T03:04:05Z')
    const { client, property } = await managerWithProperty('qr-api2@x.test', { qrCodeUrl: printed, qrCodeGeneratedAt: generatedAt })
    const body = await (await client.post(`/api/qr/${property.id}/activate`)).json()
    expect(body).toMatchObject({ qrCodeActive: true, qrCodeUrl: printed, qrCodeGeneratedAt: generatedAt.toISOString() })
  })

  test("cannot touch another organisation's property, nor an unknown id", async () => {
    const { property } = await managerWithProperty('qr-api3@x.test')
    const stranger = await app.signedIn('qr-api3-other@x.test')
    for (const id of [property.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await stranger.post(`/api/qr/${id}/activate`)
      expect(res.status, id).toBe(404)
      expect(await res.json()).toEqual({ error: 'Property not found' })
    }
    const owner = await app.signedIn('qr-api3@x.test')
    expect((await (await owner.get(`/api/qr/${property.id}`)).json()).url).toBe(`${app.url}/vendor/${property.id}`)
    const stored = await (await owner.get(`/api/properties/${property.id}`)).json()
    expect(stored).toMatchObject({ qrCodeActive: false, qrCodeUrl: null })
  })

  test('needs a signed-in manager, answered as JSON', async () => {
    const { property } = await managerWithProperty('qr-api4@x.test')
    const res = await app.client().post(`/api/qr/${property.id}/activate`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not authenticated' })
  })

  test('is a POST only', async () => {
    const { client, property } = await managerWithProperty('qr-api5@x.test')
    const res = await client.get(`/api/qr/${property.id}/activate`)
    expect(res.status).toBe(405)
    expect((await client.put(`/api/qr/${property.id}/activate`)).status).toBe(405)
  })
})

describe('reading the URL a property QR code encodes', () => {
  test('answers the stored link', async () => {
    const { client, property } = await managerWithProperty('qr-url1@x.test', { qrCodeUrl: 'https://printed.example/vendor/p', qrCodeActive: true })
    const res = await client.get(`/api/qr/${property.id}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: 'https://printed.example/vendor/p' })
  })

  test('answers the vendor page on this server when none is stored yet, without storing it', async () => {
    const { client, property } = await managerWithProperty('qr-url2@x.test')
    expect(await (await client.get(`/api/qr/${property.id}`)).json()).toEqual({ url: `${app.url}/vendor/${property.id}` })
    expect((await (await client.get(`/api/properties/${property.id}`)).json()).qrCodeUrl).toBeNull()
  })

  test("is 404 for another organisation's property and 401 without a session", async () => {
    const { property } = await managerWithProperty('qr-url3@x.test')
    const stranger = await app.signedIn('qr-url3-other@x.test')
    const res = await stranger.get(`/api/qr/${property.id}`)
    expect(res.status).toBe(404)
    expect((await res.json()).error).toBe('Property not found')
    const anonymous = await app.client().get(`/api/qr/${property.id}`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: 'Not authenticated' })
  })
})
