import { describe, expect, test } from 'vitest'
import { expectedModules, readPng, svgModules } from '../../../tests/fixtures/qr'
import { propertyQrUrl } from '~/areas/catalogue/property.server'
import { qrAttachmentHeader, qrDownloadName, qrPng, qrSvg } from './qr.server'

const URL_A = 'https://stockrun.example/vendor/6f1c2a9e-0d0b-4a57-9d0e-1f7f6b0c2e11'
const URL_B = 'https://stockrun.example/vendor/0a0a0a0a-0000-4000-8000-000000000000'

describe('a property QR code as SVG', () => {
  test('is 256 px square, black on white, with a two-module quiet zone', async () => {
    const svg = await qrSvg(URL_A)
    expect(svg).toMatch(/^<svg[^>]* width="256" height="256"/)
    const size = expectedModules(URL_A).length
    expect(svg).toContain(`viewBox="0 0 ${size + 4} ${size + 4}"`)
    expect(svg).toContain('<path fill="#ffffff" d="M0 0h')
    expect(svg).toContain('stroke="#000000"')
  })

  test('encodes exactly the URL it was made from', async () => {
    expect(svgModules(await qrSvg(URL_A))).toEqual(expectedModules(URL_A))
    expect(svgModules(await qrSvg(URL_B))).not.toEqual(expectedModules(URL_A))
  })
})

describe('a property QR code as PNG', () => {
  test('is a 256 × 256 black-and-white image of the same code', async () => {
    const png = await qrPng(URL_A)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    const expected = expectedModules(URL_A)
    const image = await readPng(png, expected.length)
    expect([image.width, image.height]).toEqual([256, 256])
    expect([...image.colours].sort()).toEqual(['0,0,0,255', '255,255,255,255'])
    expect(image.quietZoneIsWhite).toBe(true)
    expect(image.modules).toEqual(expected)
  })
})

describe('the QR download file name', () => {
  test.each([
    ['Harbor View Apartments', 'qr-harbor-view-apartments.png'],
    ['  Maple   Court ', 'qr-maple-court.png'],
    ['Unit 4/B: "North" <wing>?', 'qr-unit-4b-north-wing.png'],
    ['..\\..\\etc', 'qr-etc.png'],
    ['Дом у Моря', 'qr-дом-у-моря.png'],
    ['???', 'qr-property.png'],
  ])('%s → %s', (name, file) => {
    expect(qrDownloadName(name)).toBe(file)
  })

  test('travels in a header as plain ASCII, with the full name percent-encoded when it needs more', () => {
    expect(qrAttachmentHeader('Harbor View')).toBe('attachment; filename="qr-harbor-view.png"')
    const header = qrAttachmentHeader('Дом у Моря')
    expect(header).toMatch(/^attachment; filename="qr-property\.png"; filename\*=UTF-8''[\x21-\x7e]+$/)
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('qr-дом-у-моря.png')
    expect(qrAttachmentHeader('Café du Parc')).toMatch(/^attachment; filename="qr-cafe-du-parc\.png"; filename\*=UTF-8''qr-caf%C3%A9-du-parc\.png$/)
  })
})

describe('what a property QR code points at', () => {
  test('the stored URL when there is one, else the vendor page on this server', () => {
    expect(propertyQrUrl({ id: 'p1', qrCodeUrl: 'https://old.example/vendor/p1' }, 'https://new.example')).toBe(
      'https://old.example/vendor/p1',
    )
    expect(propertyQrUrl({ id: 'p1', qrCodeUrl: null }, 'https://new.example/')).toBe('https://new.example/vendor/p1')
  })
})
