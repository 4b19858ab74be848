// Our patch to pdfkit (patches/, decisions 068 and 122) makes invoices faster to render and must never
// change a byte of what they render. pdfmake's own is gone (decision 122).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { styledDocument } from '../../tests/fixtures/pdf/styled-document'
import { renderPdf } from './pdf.server'

type PdfKitDocument = { ref: (data?: object) => { write: (chunk: string | Uint8Array) => void; end: () => void }; end: () => void; on: (event: string, listener: (chunk?: Buffer) => void) => void }
const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (options: object) => PdfKitDocument

describe('the patched libraries', () => {
  // patch-package only warns when the installed version is not the patched one, and may still apply
  // the patch to code it was never checked against: an upgrade must come with a new look at each
  // patch (is upstream fixed? https://github.com/foliojs/pdfkit/blob/03081fb39302f10dbef6cc9483818c74b9c953b5/lib/reference.js
  // still makes a Buffer per write) and a new stock PDF for the byte-for-byte test below.
  test('are the versions our patches were written and checked for', () => {
    const patched = fs.readdirSync(path.resolve('patches')).filter((f) => /^pdf/.test(f)).sort()
    expect(patched).toEqual(['pdfkit+0.19.1.patch'])
    const installed = (name: string) => (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version
    expect(installed('pdfkit')).toBe('0.19.1')
    expect(installed('pdfmake')).toBe('0.3.11')
  })
})

describe('pdfkit content streams (patched)', () => {
  test('keep text and binary chunks in the order written, text as one byte per character', async () => {
    const doc = new PDFDocument({ compress: false })
    const chunks: Buffer[] = []
    doc.on('data', (chunk) => chunks.push(chunk!))
    const done = new Promise((resolve) => doc.on('end', () => resolve(undefined)))
    const stream = doc.ref({})
    stream.write('BT /F1 9 Tf')
    stream.write(Buffer.from([0, 255, 10, 128]))
    stream.write('(caf\u00e9) Tj')
    stream.write('ET')
    stream.end()
    doc.end()
    await done
    const expected = Buffer.concat([Buffer.from('BT /F1 9 Tf\n', 'latin1'), Buffer.from([0, 255, 10, 128]), Buffer.from('(caf\u00e9) Tj\nET\n', 'latin1')])
    const pdf = Buffer.concat(chunks)
    expect(pdf.indexOf(Buffer.concat([Buffer.from('stream\n'), expected, Buffer.from('\nendstream')]))).toBeGreaterThan(0)
    expect(pdf.toString('latin1')).toContain(`/Length ${expected.length}`)
  })
})

describe('rendering with the patched libraries', () => {
  test('gives byte for byte the PDF the published pdfmake 0.3.11 and pdfkit 0.19.1 gave', async () => {
    // styled-document.stock.pdf was rendered from the same definition by renderPdf with the
    // libraries as published (before patches/ was applied); its dates are fixed, so is its ID.
    const stock = fs.readFileSync(path.resolve('tests/fixtures/pdf/styled-document.stock.pdf'))
    const pdf = await renderPdf(styledDocument())
    expect(pdf.length).toBe(stock.length)
    expect(pdf.equals(stock)).toBe(true)
  })
})
