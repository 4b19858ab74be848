import { describe, expect, test } from 'vitest'
import { pdfText } from '../../tests/support/pdf'
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
    const text = await pdfText(pdf)
    for (const line of ['Invoice for Harbor View', 'Дом у моря', 'Printed in Helvetica']) expect(text).toContain(line)
  })

  test('each document embeds its own text although the parsed fonts and shaped words are shared (decision 058)', async () => {
    const first = await renderPdf({ content: [{ text: 'Harbor View delivery' }, { text: 'Medium weight', bold: true }] })
    const second = await renderPdf({ content: [{ text: 'Дом у моря delivery' }, { text: 'Harbor View again', italics: true }] })
    const third = await renderPdf({ content: [{ text: 'Harbor View delivery' }, { text: 'Medium weight', bold: true }] })
    expect(await pdfText(first)).toContain('Harbor View delivery')
    expect(await pdfText(first)).not.toContain('Дом')
    for (const line of ['Дом у моря delivery', 'Harbor View again']) expect(await pdfText(second)).toContain(line)
    // The same document again is the same document: only its creation date and ID differ.
    const strip = (pdf: Buffer) => pdf.toString('latin1').replace(/\/ID \[[^\]]*\]/, '').replace(/D:\d{14}Z/g, '')
    expect(strip(third)).toBe(strip(first))
  })

  test('a document after one with composed letters (Ä, é, …) still reads as its text: the shared font keeps every glyph’s characters', async () => {
    await renderPdf({ content: [{ text: 'Müller & Söhne: Café, Crème brûlée, Señor Ñandú, Ärger… «¡Olé!»' }, { text: 'Straße: Äußeres', bold: true }] })
    const later = await renderPdf({ content: [{ text: 'buero@lindenhof.example · a;b: c! d? e' }, { text: 'aeou.n', bold: true }] })
    const text = await pdfText(later)
    expect(text).toContain('buero@lindenhof.example · a;b: c! d? e')
    expect(text).toContain('aeou.n')
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
