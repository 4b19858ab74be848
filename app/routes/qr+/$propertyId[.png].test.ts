import { describe, expect, test } from 'vitest'
import { givenProperty } from '../../../tests/fixtures/catalog'
import { expectedModules, orgIdOf, readPng } from '../../../tests/fixtures/qr'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

describe('downloading a property QR code as PNG', () => {
  test('saves a 256 px image of the stored link, named after the property', async () => {
    const client = await app.signedIn('qr-png1@x.test')
    const link = 'https://printed.example/vendor/harbor'
    const property = await givenProperty(await orgIdOf('qr-png1@x.test'), { name: 'Harbor View Apartments', qrCodeActive: true, qrCodeUrl: link })
    const res = await client.get(`/qr/${property.id}.png`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="qr-harbor-view-apartments.png"')
    const expected = expectedModules(link)
    const image = await readPng(Buffer.from(await res.arrayBuffer()), expected.length)
    expect([image.width, image.height]).toEqual([256, 256])
    expect(image.modules).toEqual(expected)
  })

  test('keeps a name in another alphabet for browsers that understand it', async () => {
    const client = await app.signedIn('qr-png2@x.test')
    const property = await givenProperty(await orgIdOf('qr-png2@x.test'), { name: 'Дом у Моря', qrCodeActive: true })
    const res = await client.get(`/qr/${property.id}.png`)
    expect(res.status).toBe(200)
    const disposition = res.headers.get('content-disposition')!
    expect(disposition).toContain('filename="qr-property.png"')
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('qr-дом-у-моря.png')
  })

  test('says so when the property QR code is not active', async () => {
    const client = await app.signedIn('qr-png3@x.test')
    const property = await givenProperty(await orgIdOf('qr-png3@x.test'), { name: 'Maple Court' })
    const res = await client.get(`/qr/${property.id}.png`)
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('The QR code for Maple Court is not active. Activate it on the QR Codes page, then download it.')
  })

  test("is 404 for another organisation's property or an unknown one", async () => {
    await app.signedIn('qr-png4@x.test')
    const property = await givenProperty(await orgIdOf('qr-png4@x.test'), { qrCodeActive: true })
    const stranger = await app.signedIn('qr-png4-other@x.test')
    for (const path of [`/qr/${property.id}.png`, '/qr/00000000-0000-4000-8000-000000000000.png']) {
      const res = await stranger.get(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).not.toBe('image/png')
    }
  })

  test('sends a visitor without a session to sign in first', async () => {
    await app.signedIn('qr-png5@x.test')
    const property = await givenProperty(await orgIdOf('qr-png5@x.test'), { qrCodeActive: true })
    const res = await app.client().get(`/qr/${property.id}.png`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(`/qr/${property.id}.png`)}`)
  })
})
