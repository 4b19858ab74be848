// QR images for property links (spec §9: 256 px, a 2-module quiet zone, black on white). Made on the
// server so the modal, the QR page and the printable sheet show the same code without JavaScript.
import type { Content, TDocumentDefinitions } from '~/lib/pdf.server'

export const QR_SIZE = 256

const style = {
  width: QR_SIZE,
  margin: 2,
  color: { dark: '#000000', light: '#ffffff' },
  // M survives a scuffed or partly covered print better than L, and a property URL still fits a small code.
  errorCorrectionLevel: 'M',
} as const

// Loaded on the first QR code, not at start (decision 015): most processes never draw one.
let library: Promise<typeof import('qrcode')> | undefined
const qrcode = () => (library ??= import('qrcode').then((m) => ((m as { default?: typeof import('qrcode') }).default ?? m)))

/** The QR code for `text` as an SVG document string, 256 px square. */
export async function qrSvg(text: string): Promise<string> {
  return (await qrcode()).toString(text, { ...style, type: 'svg' })
}

/** The same QR code as a 256 px PNG, for downloading and printing elsewhere. */
export async function qrPng(text: string): Promise<Buffer> {
  return (await qrcode()).toBuffer(text, { ...style, type: 'png' })
}

/** `qr-<property name lowercased, spaces to hyphens>.png`, keeping only characters every file system accepts. */
export function qrDownloadName(propertyName: string) {
  const slug = propertyName
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    // Path separators, quotes (they would end a Content-Disposition value), control and reserved characters.
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
  return `qr-${slug || 'property'}.png`
}

/**
 * The Content-Disposition for a QR download. Header values must be Latin-1, so a name such as
 * 'Дом' also travels percent-encoded (RFC 6266) next to an ASCII-only fallback.
 */
export function qrAttachmentHeader(propertyName: string) {
  const name = qrDownloadName(propertyName)
  if (/^[\x20-\x7e]*$/.test(name)) return `attachment; filename="${name}"`
  // 'Café' falls back to 'cafe'; a name with no Latin letters at all to 'qr-property.png'.
  const fallback = qrDownloadName(propertyName.normalize('NFKD').replace(/[^\x20-\x7e]/g, ''))
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export type QrSheetEntry = { name: string; address: string; url: string; svg: string }

// Two cards and the cut line between them fill a Letter page's 704 pt of content height (A4 has more).
const CARD_HEIGHT = 326
const QR_PRINT_SIZE = 190

/**
 * The printable sheet: two cut-out cards per page, each with a large QR code, the property's name
 * and address and a line telling vendors what scanning does. Fits both Letter and A4.
 */
/** Who the sheet is from (issue 34): its name and postal address, printed on every page. */
export type QrSheetIssuer = { name: string; address: string | null }

export function qrSheetDocument(entries: QrSheetEntry[], issuer: QrSheetIssuer, printedOn: string): TDocumentDefinitions {
  const organisationName = issuer.name
  // A postal address typed on several lines reads as one in the footer.
  const from = [issuer.name, issuer.address?.split(/\s*\n\s*/).filter(Boolean).join(', ')].filter(Boolean).join(' · ')
  const footer = (page: number, pages: number): Content => ({
    columns: [
      { text: `${from} · printed ${printedOn}`, alignment: 'left', width: '*' },
      { text: `Page ${page} of ${pages}`, alignment: 'right', width: 'auto' },
    ],
    margin: [40, 12, 40, 0],
    fontSize: 8,
    color: '#64748b',
  })
  const base = {
    info: { title: `QR codes · ${organisationName}`, creator: 'Stockrun' },
    pageSize: 'LETTER' as const,
    pageMargins: [40, 40, 40, 48] as [number, number, number, number],
    defaultStyle: { font: 'Roboto', fontSize: 11, color: '#0f172a' },
    footer,
  }
  if (entries.length === 0) {
    return {
      ...base,
      content: [
        { text: 'No active QR codes', fontSize: 22, bold: true, margin: [0, 120, 0, 12], alignment: 'center' },
        {
          text: "Activate a property's QR code on the QR Codes page, then print this sheet again.",
          alignment: 'center',
          color: '#475569',
        },
      ],
    }
  }
  const content: Content[] = []
  entries.forEach((entry, i) => {
    if (i % 2 === 1) content.push(cutLine())
    content.push(card(entry, i > 0 && i % 2 === 0))
  })
  return { ...base, content }
}

function card(entry: QrSheetEntry, startsPage: boolean): Content {
  return {
    ...(startsPage ? { pageBreak: 'before' as const } : {}),
    layout: 'noBorders',
    table: {
      widths: ['*'],
      heights: [CARD_HEIGHT],
      body: [
        [
          {
            stack: [
              // A long name gets a smaller size, so two lines of it still leave both cards on one page.
              { text: entry.name, fontSize: entry.name.length > 40 ? 16 : 22, bold: true, alignment: 'center' },
              { text: entry.address, fontSize: 12, color: '#475569', alignment: 'center', margin: [0, 4, 0, 10] },
              { svg: entry.svg, width: QR_PRINT_SIZE, alignment: 'center' },
              { text: 'Scan to request supplies', fontSize: 16, bold: true, alignment: 'center', margin: [0, 10, 0, 2] },
              {
                text: "Point your phone's camera at the code to order supplies for this property.",
                fontSize: 10,
                color: '#475569',
                alignment: 'center',
              },
              { text: entry.url, fontSize: 8, color: '#64748b', alignment: 'center', margin: [0, 4, 0, 0] },
            ],
            unbreakable: true,
          },
        ],
      ],
    },
  }
}

function cutLine(): Content {
  return {
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: 532, y2: 0, lineWidth: 0.5, dash: { length: 4, space: 4 }, lineColor: '#94a3b8' }],
    margin: [0, 12, 0, 12],
  }
}
