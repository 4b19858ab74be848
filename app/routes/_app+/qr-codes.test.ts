import { describe, expect, test } from 'vitest'
import { givenProperty } from '../../../tests/fixtures/catalog'
import { expectedModules, orgIdOf, svgModules } from '../../../tests/fixtures/qr'
import { withTestServer } from '../../../tests/support/server'

const app = withTestServer()

type Client = Awaited<ReturnType<typeof app.signedIn>>

async function post(client: Client, form: Record<string, string>, path = '/qr-codes') {
  const res = await client.postForm(path, form)
  expect(res.status).toBe(302)
  const { res: page, path: landedOn } = await client.follow(res)
  return { html: await page.text(), landedOn }
}

const propertyJson = async (client: Client, id: string) => (await client.get(`/api/properties/${id}`)).json()

describe('the QR Code Management page', () => {
  test('lists active and inactive QR codes with counts, vendor links and the printable sheet', async () => {
    const client = await app.signedIn('qr-page1@x.test')
    const org = await orgIdOf('qr-page1@x.test')
    const harbor = await givenProperty(org, {
      name: 'Harbor View',
      address: '12 Harbor Rd',
      qrCodeActive: true,
      qrCodeUrl: 'https://x.example/vendor/h',
      qrCodeGeneratedAt: new Date('2026-03-04T10:00:00Z'),
    })
    await givenProperty(org, { name: 'Maple Court', address: '400 Maple Ave' })
    await givenProperty(org, { name: 'Oak Lofts', address: '7 Oak St' })

    const res = await client.get('/qr-codes')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Active QR Codes (1)')
    expect(html).toContain('Inactive Properties (2)')
    expect(html).toContain('Generated Mar 4, 2026')
    expect(html).toMatch(new RegExp(`<a href="/vendor/${harbor.id}" target="_blank" rel="noopener"`))
    expect(html).toMatch(/data-testid="active-count"[^>]*>1</)
    expect(html).toMatch(/data-testid="total-count"[^>]*>3</)
    expect(html).toContain('href="/qr-codes/sheet.pdf"')
    for (const category of ['Cleaning Supplies', 'Maintenance Tools', 'Office Supplies']) expect(html).toContain(category)
  })

  test('asks for a property when Generate is pressed without one, and changes nothing', async () => {
    const client = await app.signedIn('qr-page2@x.test')
    const property = await givenProperty(await orgIdOf('qr-page2@x.test'))
    const { html } = await post(client, { intent: 'generate', propertyId: '' })
    expect(html).toContain('No Property Selected')
    expect(html).toContain('Please select a property first.')
    expect((await propertyJson(client, property.id)).qrCodeActive).toBe(false)
  })

  test('generates a QR code: activates it, shows its image and a download, and says so', async () => {
    const client = await app.signedIn('qr-page3@x.test')
    const property = await givenProperty(await orgIdOf('qr-page3@x.test'), { name: 'Harbor View' })
    const { html, landedOn } = await post(client, { intent: 'generate', propertyId: property.id })
    expect(landedOn).toBe(`/qr-codes?property=${property.id}`)
    expect(html).toContain('QR Code Generated')
    expect(html).toContain('QR code has been generated successfully.')
    expect(html).toContain('Active QR Codes (1)')
    expect(html).toMatch(new RegExp(`<a href="/qr/${property.id}.png" download=""`))

    const stored = await propertyJson(client, property.id)
    expect(stored).toMatchObject({ qrCodeActive: true, qrCodeUrl: `${app.url}/vendor/${property.id}` })
    const svg = /<svg[^>]*width="256"[\s\S]*?<\/svg>/.exec(html)?.[0]
    expect(svg, 'the preview image').toBeDefined()
    expect(svgModules(svg!)).toEqual(expectedModules(stored.qrCodeUrl))
  })

  test('deactivates and activates QR codes from the lists', async () => {
    const client = await app.signedIn('qr-page4@x.test')
    const property = await givenProperty(await orgIdOf('qr-page4@x.test'), {
      name: 'Maple Court',
      qrCodeActive: true,
      qrCodeUrl: 'https://x.example/vendor/m',
      qrCodeGeneratedAt: new Date(),
    })

    const off = await post(client, { intent: 'deactivate', propertyId: property.id })
    expect(off.html).toContain('QR Code Status Updated')
    expect(off.html).toContain('Inactive Properties (1)')
    expect(await propertyJson(client, property.id)).toMatchObject({ qrCodeActive: false, qrCodeUrl: null, qrCodeGeneratedAt: null })

    const on = await post(client, { intent: 'activate', propertyId: property.id })
    expect(on.html).toContain('QR Code Status Updated')
    expect(on.html).toContain('Active QR Codes (1)')
    expect(await propertyJson(client, property.id)).toMatchObject({ qrCodeActive: true, qrCodeUrl: `${app.url}/vendor/${property.id}` })
  })

  test('keeps the previewed property in view after changing another one', async () => {
    const client = await app.signedIn('qr-page5@x.test')
    const org = await orgIdOf('qr-page5@x.test')
    const shown = await givenProperty(org, { qrCodeActive: true })
    const other = await givenProperty(org, { qrCodeActive: true })
    const { landedOn } = await post(client, { intent: 'deactivate', propertyId: other.id }, `/qr-codes?property=${shown.id}`)
    expect(landedOn).toBe(`/qr-codes?property=${shown.id}`)
  })

  test("shows an error and changes nothing for another organisation's property", async () => {
    await app.signedIn('qr-page6@x.test')
    const property = await givenProperty(await orgIdOf('qr-page6@x.test'), { qrCodeActive: true, qrCodeUrl: 'https://x.example/vendor/k' })
    const stranger = await app.signedIn('qr-page6-other@x.test')

    const generate = await post(stranger, { intent: 'generate', propertyId: property.id })
    expect(generate.html).toContain('Failed to generate QR code.')
    const deactivate = await post(stranger, { intent: 'deactivate', propertyId: property.id })
    expect(deactivate.html).toContain('Failed to update QR code status.')

    const owner = await app.signedIn('qr-page6@x.test')
    expect(await propertyJson(owner, property.id)).toMatchObject({ qrCodeActive: true, qrCodeUrl: 'https://x.example/vendor/k' })
  })

  test('offers to create a property when there are none', async () => {
    const client = await app.signedIn('qr-page7@x.test')
    const html = await (await client.get('/qr-codes')).text()
    expect(html).toContain('No Properties Found')
    expect(html).toContain('href="/properties"')
  })

  test('sends a visitor without a session to sign in', async () => {
    const res = await app.client().postForm('/qr-codes', { intent: 'generate', propertyId: '' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/login/)
  })
})
