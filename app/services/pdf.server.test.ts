import { describe, expect, test } from 'vitest'
import { pdfText } from '../../tests/fixtures/qr'
import { renderPdf } from './pdf.server'

describe('rendering a PDF', () => {
  test('gives a PDF whose text a reader can find, in Roboto and in the standard fonts', async () => {
    const pdf = await renderPdf({
      content: [
        { text: 'Invoice for Harbor View', fontSize: 18 },
        { text: 'Дом у моря', bold: true },
        { text: 'Printed in Helvetica', font: 'Helvetica' },
      ],
    })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(pdf)
    for (const line of ['Invoice for Harbor View', 'Дом у моря', 'Printed in Helvetica']) expect(text).toContain(line)
  })

  test('embeds SVG drawings', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#000"/></svg>'
    const pdf = await renderPdf({ content: [{ svg, width: 100 }] })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('never reads other files from disk or fetches anything over the network', async () => {
    await expect(renderPdf({ content: [{ image: '/etc/hostname' }] })).rejects.toThrow(/access policy/)
    await expect(renderPdf({ content: [{ image: 'https://example.com/logo.png' }] })).rejects.toThrow(/access policy/)
  })
})
