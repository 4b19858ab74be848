import { describe, expect, test } from 'vitest'
import { givenProperty } from '../../tests/fixtures/catalog'
import { orgIdOf } from '../../tests/fixtures/qr'
import { pdfPages, pdfText } from '../../tests/support/pdf'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

async function sheetOf(client: Awaited<ReturnType<typeof app.signedIn>>) {
  const res = await client.get('/qr-codes/sheet.pdf')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  const pdf = Buffer.from(await res.arrayBuffer())
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  return { pdf, text: await pdfText(pdf), pages: await pdfPages(pdf), res }
}

describe('the printable QR sheet', () => {
  test('has every active QR code of the organisation with its name and address, two to a page', async () => {
    const client = await app.signedIn('qr-sheet1@x.test')
    const org = await orgIdOf('qr-sheet1@x.test')
    await givenProperty(org, { name: 'Harbor View Apartments', address: '12 Harbor Rd, Boston', qrCodeActive: true })
    await givenProperty(org, { name: 'Maple Court', address: '400 Maple Ave, Springfield', qrCodeActive: true, qrCodeUrl: 'https://printed.example/vendor/maple' })
    await givenProperty(org, { name: 'Oak Lofts', address: '7 Oak St', qrCodeActive: true })
    await givenProperty(org, { name: 'Closed Warehouse', address: '1 Dock Rd', qrCodeActive: false })
    await app.signedIn('qr-sheet1-other@x.test')
    await givenProperty(await orgIdOf('qr-sheet1-other@x.test'), { name: 'Someone Elses Tower', qrCodeActive: true })

    const { text, pages, res } = await sheetOf(client)
    for (const line of ['Harbor View Apartments', '12 Harbor Rd, Boston', 'Maple Court', '400 Maple Ave, Springfield', 'Oak Lofts', '7 Oak St']) {
      expect(text).toContain(line)
    }
    expect(text.match(/Scan to request supplies/g)).toHaveLength(3)
    expect(text).toContain('https://printed.example/vendor/maple')
    expect(text).not.toContain('Closed Warehouse')
    expect(text).not.toContain('Someone Elses Tower')
    expect(pages).toBe(2)
    expect(res.headers.get('content-disposition')).toBe('inline; filename="qr-codes.pdf"')
  })

  test('is one page saying so when no QR code is active', async () => {
    const client = await app.signedIn('qr-sheet2@x.test')
    await givenProperty(await orgIdOf('qr-sheet2@x.test'), { name: 'Quiet Place' })
    const { text, pages } = await sheetOf(client)
    expect(pages).toBe(1)
    expect(text).toContain('No active QR codes')
    expect(text).not.toContain('Quiet Place')
  })

  test("says on every page whose it is: the organisation's name and postal address, renamed a moment ago", async () => {
    const client = await app.signedIn('qr-sheet-issuer@x.test')
    const org = await orgIdOf('qr-sheet-issuer@x.test')
    for (const name of ['Alder House', 'Birch House', 'Cedar House']) await givenProperty(org, { name, address: `1 ${name} Lane`, qrCodeActive: true })
    await client.put('/api/organisation/settings', { name: 'Old Name Estates', address: '9 Quay Street\nBristol BS1 4DJ' })
    await client.put('/api/organisation/settings', { name: 'Quayside Estates Ltd' })
    const { text, pages } = await sheetOf(client)
    expect(pages).toBe(2)
    const footers = text.split('\f').map((page) => page.split('\n').find((line) => line.includes('printed')) ?? '')
    for (const footer of footers) expect(footer).toContain('Quayside Estates Ltd · 9 Quay Street, Bristol BS1 4DJ · printed')
    expect(text).not.toContain('Old Name Estates')
  })

  test('is for signed-in managers only', async () => {
    const res = await app.client().get('/qr-codes/sheet.pdf')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/login/)
  })
})
