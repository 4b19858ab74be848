// PUBLIC_URL is read once per process, so this case has a test file (and a process) of its own.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { givenProperty } from '../../../tests/fixtures/catalog'
import { orgIdOf } from '../../../tests/fixtures/qr'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()
let publicUrl = ''

beforeAll(() => {
  // Another name for the same test server, so that sign-in (which also goes through PUBLIC_URL) still works.
  publicUrl = app.url.replace('127.0.0.1', 'localhost')
  process.env.PUBLIC_URL = `${publicUrl}/`
})
afterAll(() => {
  delete process.env.PUBLIC_URL
})

describe('with PUBLIC_URL set', () => {
  test('activating a QR code encodes the public address, not the one the request came to', async () => {
    const client = await app.signedIn('qr-public@x.test')
    const property = await givenProperty(await orgIdOf('qr-public@x.test'))
    const fresh = await givenProperty(await orgIdOf('qr-public@x.test'))
    const body = await (await client.post(`/api/qr/${property.id}/activate`)).json()
    expect(body.qrCodeUrl).toBe(`${publicUrl}/vendor/${property.id}`)
    expect(await (await client.get(`/api/qr/${fresh.id}`)).json()).toEqual({ url: `${publicUrl}/vendor/${fresh.id}` })
  })
})
