// Our patches to pdfmake and pdfkit (patches/, decision 068) make invoices faster to render and
// must never change a byte of what they render, nor what a style lookup answers.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { styledDocument } from '../../tests/fixtures/pdf/styled-document'
import { renderPdf } from './pdf.server'

type Style = Record<string, unknown> & { extends?: string | string[] }
type Item = Record<string, unknown> & { style?: string | string[]; section?: unknown }
type Stack = { styleDictionary: Record<string, Style>; defaultStyle: Record<string, unknown>; styleOverrides: Array<string | Item>; push: (item: string | Item) => void }
type StackClass = (new (dictionary: Record<string, Style>, defaultStyle: Record<string, unknown>) => Stack) & {
  getStyleProperty: (item: Item | string, stack: Stack | null, property: string, defaultValue: unknown) => unknown
}
const StyleContextStack = (createRequire(import.meta.url)('pdfmake/js/StyleContextStack') as { default: StackClass }).default

const isValue = (v: unknown) => v !== undefined && v !== null

/** pdfmake 0.3.11's own lookup, as published: push the item and its named styles, then walk the stack. */
function publishedLookup(item: Item | string, stack: Stack, property: string, defaultValue: unknown) {
  const own = (item as Record<string, unknown>)[property]
  if (isValue(own)) return own
  const fromStyle = (name: string, visited = new Set<string>()): unknown => {
    if (visited.has(name)) return undefined
    visited.add(name)
    const style = stack.styleDictionary[name]
    if (!style) return undefined
    if (isValue(style[property])) return style[property]
    const parents = style.extends ? (Array.isArray(style.extends) ? style.extends : [style.extends]) : []
    for (let i = parents.length - 1; i >= 0; i--) {
      const value = fromStyle(parents[i]!, visited)
      if (isValue(value)) return value
    }
    return undefined
  }
  const pushed = typeof item === 'string' || item.section !== undefined ? [] : [...(item.style ? (Array.isArray(item.style) ? item.style : [item.style]) : []), item]
  const overrides = [...stack.styleOverrides, ...pushed]
  for (let i = overrides.length - 1; i >= 0; i--) {
    const o = overrides[i]!
    const value = typeof o === 'string' ? fromStyle(o) : o[property]
    if (isValue(value)) return value
  }
  const value = stack.defaultStyle[property]
  return isValue(value) ? value : defaultValue
}

const NAMES = ['a', 'b', 'c', 'd']
const PROPS = ['font', 'bold', 'color', 'fontSize']
const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constantFrom('x', 'y', 10, 12, true, false, 0))
const props = fc.record(Object.fromEntries(PROPS.map((p) => [p, value])), { requiredKeys: [] })
const names = fc.oneof(fc.constantFrom(...NAMES), fc.array(fc.constantFrom(...NAMES, 'missing'), { maxLength: 3 }))
const style = fc.tuple(props, fc.option(names, { nil: undefined })).map(([p, ext]) => ({ ...p, ...(ext === undefined ? {} : { extends: ext }) }) as Style)
const item = fc.tuple(props, fc.option(names, { nil: undefined }), fc.boolean()).map(
  ([p, s, section]) => ({ ...p, ...(s === undefined ? {} : { style: s }), ...(section ? { section: 'page' } : {}) }) as Item,
)

describe('pdfmake style lookups (patched)', () => {
  test('answer what the published lookup answers, for any styles, stack and item, cycles included', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...NAMES), style),
        props,
        fc.array(fc.oneof(fc.constantFrom(...NAMES, 'missing'), item), { maxLength: 5 }),
        fc.oneof(item, fc.constant('plain text')),
        fc.constantFrom(...PROPS),
        fc.constantFrom(undefined, 'default'),
        (dictionary, defaultStyle, overrides, probe, property, defaultValue) => {
          const stack = new StyleContextStack(dictionary, defaultStyle)
          for (const o of overrides) stack.push(o)
          const before = [...stack.styleOverrides]
          expect(StyleContextStack.getStyleProperty(probe, stack, property, defaultValue)).toEqual(publishedLookup(probe, stack, property, defaultValue))
          // Nothing is left pushed on the stack.
          expect(stack.styleOverrides).toEqual(before)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

type PdfKitDocument = { ref: (data?: object) => { write: (chunk: string | Uint8Array) => void; end: () => void }; end: () => void; on: (event: string, listener: (chunk?: Buffer) => void) => void }
const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (options: object) => PdfKitDocument

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
