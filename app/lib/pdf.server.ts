// PDFs (QR sheet, request and invoice documents) from pdfmake document definitions, in memory.
// pdfmake keeps fonts and policies on one module-wide instance, so they are set up once here.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { TDocumentDefinitions } from 'pdfmake/interfaces'

export type { Content, TDocumentDefinitions } from 'pdfmake/interfaces'

// pdfkit's built-in PDF fonts: no file of ours, but pdfmake passes their names through the local-file policy.
const STANDARD_FONTS = {
  Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
  Times: { normal: 'Times-Roman', bold: 'Times-Bold', italics: 'Times-Italic', bolditalics: 'Times-BoldItalic' },
  Courier: { normal: 'Courier', bold: 'Courier-Bold', italics: 'Courier-Oblique', bolditalics: 'Courier-BoldOblique' },
}

type PdfMake = typeof import('pdfmake')
let loaded: Promise<PdfMake> | undefined

type Fontkit = { create: (bytes: Uint8Array, postscriptName?: string) => object }
type EmbeddedFont = { font: object; layoutCache?: Record<string, unknown> }
type PdfmakeDocument = { prototype: { provideFont: (this: unknown, family: string, bold: boolean, italics: boolean) => EmbeddedFont } }

// Words shaped once are kept for later documents up to this many per font (a few MB), then the
// cache starts over.
const SHAPED_WORDS_KEPT = 5000

/**
 * Our Roboto files are parsed once per process and shared by every document (decision 058).
 *
 * pdfkit parses each font file anew for every document (fontkit.create on the file's bytes), and
 * fontkit decodes a font's tables and glyphs lazily on first use, so every document decoded
 * Roboto's GSUB/GPOS tables and glyphs again; then pdfkit shapes each word of the document
 * (fontkit's OpenType layout) into a cache that lives as long as the document. Together that was
 * most of a 200-line invoice's time. A parsed font is only read after decoding (each document still
 * makes its own subset of it to embed), and a shaped word depends only on the font and the word, so:
 * - pdfkit reaches fontkit only through `require('fontkit')`, whose export cannot be reassigned: it
 *   is given a copy of the module's exports whose `create` returns the one parsed font for bytes
 *   equal to one of our files, and parses anything else as before;
 * - each document's embedded copy of a shared font is given that font's process-wide cache of
 *   shaped words instead of an empty one (pdfkit copies a cached word before changing it).
 * Must run before pdfmake (and so pdfkit) is first loaded.
 */
function shareParsedFonts(files: string[]) {
  const requireFromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))
  const fontkitPath = requireFromPdfkit.resolve('fontkit')
  const fontkit = requireFromPdfkit('fontkit') as Fontkit
  const shared = files.map((file) => ({ bytes: fs.readFileSync(file), font: undefined as object | undefined }))
  const shapedWords = new Map<object, Record<string, unknown>>()
  const create = (bytes: Uint8Array, postscriptName?: string) => {
    const known = postscriptName ? undefined : shared.find((f) => f.bytes.length === bytes.length && f.bytes.equals(bytes))
    if (!known) return fontkit.create(bytes, postscriptName)
    if (!known.font) {
      known.font = keepingCharacters(fontkit.create(known.bytes) as ParsedFont)
      shapedWords.set(known.font, Object.create(null) as Record<string, unknown>)
    }
    return known.font
  }
  const cached = requireFromPdfkit.cache[fontkitPath]
  if (cached) cached.exports = Object.create(fontkit, { create: { value: create, enumerable: true } })

  let given = 0
  return function shareShapedWords(document: PdfmakeDocument) {
    const provideFont = document.prototype.provideFont
    document.prototype.provideFont = function (family, bold, italics) {
      const embedded = provideFont.call(this, family, bold, italics)
      let words = shapedWords.get(embedded.font)
      if (!words || !embedded.layoutCache || embedded.layoutCache === words) return embedded
      // Counting keys is linear, so it is done now and then rather than for every document.
      if (++given % 16 === 0 && Object.keys(words).length > SHAPED_WORDS_KEPT) {
        words = Object.create(null) as Record<string, unknown>
        shapedWords.set(embedded.font, words)
      }
      embedded.layoutCache = words
      return embedded
    }
  }
}

type Glyph = { codePoints: number[] }
type ParsedFont = { getGlyph: (id: number, characters?: number[]) => Glyph | null }

/**
 * fontkit keeps the first Glyph it makes for an id, with the characters it was asked for then. A
 * subset adds the parts of a composed letter (the "a" and the dots of "ä") with none, which is
 * harmless inside one document, where those letters were laid out, characters and all, before. A
 * font shared by every document keeps them: a later document's "a" and "." were embedded with no
 * text behind them, and its readers (search, copy, screen readers) found "br@li d hf xmpl" where it
 * said "buero@lindenhof.example". A glyph made without characters gets them when they are known.
 */
function keepingCharacters(font: ParsedFont) {
  const getGlyph = font.getGlyph
  font.getGlyph = function (id, characters = []) {
    const glyph = getGlyph.call(this, id, characters)
    if (glyph && characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters
    return glyph
  }
  return font
}

// pdfmake brings pdfkit, fontkit and its fonts: seconds of start-up and tens of MB that only a
// PDF download needs, so it is loaded on the first one.
function pdfMake() {
  loaded ??= (async () => {
    const shareShapedWords = shareParsedFonts(Object.values(robotoFiles()))
    const m = await import('pdfmake')
    // A CommonJS module: its exports arrive as the default export.
    const pdfmake = (m as unknown as { default: PdfMake }).default
    setUp(pdfmake)
    // The class pdfmake's printer makes its documents with (the same CommonJS module instance).
    shareShapedWords((createRequire(import.meta.url)('pdfmake/js/PDFDocument') as { default: PdfmakeDocument }).default)
    return pdfmake
  })()
  return loaded
}

// Roboto ships inside pdfmake and covers Latin, Greek and Cyrillic names, which the standard fonts do not.
function robotoFiles() {
  const robotoDir = path.dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'))
  return {
    normal: path.join(robotoDir, 'Roboto-Regular.ttf'),
    bold: path.join(robotoDir, 'Roboto-Medium.ttf'),
    italics: path.join(robotoDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(robotoDir, 'Roboto-MediumItalic.ttf'),
  }
}

function setUp(pdfmake: PdfMake) {
  const roboto = robotoFiles()
  pdfmake.setFonts({ Roboto: roboto, ...STANDARD_FONTS })
  const allowedFiles = new Set<string>([
    ...Object.values(roboto),
    ...Object.values(STANDARD_FONTS).flatMap((family) => Object.values(family)),
  ])
  // A document is built from our data, but names and URLs in it come from users: it may read our
  // font files and nothing else on disk, and never fetch anything over the network.
  pdfmake.setLocalAccessPolicy((file: string) => allowedFiles.has(file))
  pdfmake.setUrlAccessPolicy(() => false)
}

/** Renders a pdfmake document definition to PDF bytes (default font Roboto). */
export async function renderPdf(docDefinition: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await pdfMake()
  return pdfmake.createPdf(docDefinition).getBuffer()
}

/** Headers for a PDF answer; `download` makes browsers save it instead of showing it inline. */
export function pdfHeaders(fileName: string, { download = false } = {}) {
  const safe = fileName.replace(/[^\w.-]+/g, '-')
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${safe}"`,
    // Documents hold an organisation's data: keep them out of shared caches.
    'Cache-Control': 'private, no-store',
  }
}
