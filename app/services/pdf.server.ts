// PDFs (QR sheet, request and invoice documents) from pdfmake document definitions, in memory.
// pdfmake keeps fonts and policies on one module-wide instance, so they are set up once here.
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

// pdfmake brings pdfkit, fontkit and its fonts: seconds of start-up and tens of MB that only a
// PDF download needs, so it is loaded on the first one.
function pdfMake() {
  loaded ??= import('pdfmake').then((m) => {
    // A CommonJS module: its exports arrive as the default export.
    const pdfmake = (m as unknown as { default: PdfMake }).default
    setUp(pdfmake)
    return pdfmake
  })
  return loaded
}

function setUp(pdfmake: PdfMake) {
  // Roboto ships inside pdfmake and covers Latin, Greek and Cyrillic names, which the standard fonts do not.
  const robotoDir = path.dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'))
  const roboto = {
    normal: path.join(robotoDir, 'Roboto-Regular.ttf'),
    bold: path.join(robotoDir, 'Roboto-Medium.ttf'),
    italics: path.join(robotoDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(robotoDir, 'Roboto-MediumItalic.ttf'),
  }
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
