// The invoice as a document: its PDF (GET /api/invoices/:id/pdf) and the e-mail that carries it.
// Beyond the spec, each line from a delivered request shows when it was delivered and the runner's photo.
import { db } from '~/lib/db.server'
import { formatDate, formatDateTime } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import { sendMail, type MailResult } from '~/services/mail.server'
import { renderPdf, type Content, type TDocumentDefinitions } from '~/services/pdf.server'
import { readImage } from '~/services/storage.server'
import { findInvoice, itemsOfFoundInvoice, recordInvoiceEmail, type InvoiceItemView, type InvoiceView } from './invoice.server'
import { safeTimeZone } from './organisation-time-zone.server'

export const INVOICE_STATUS_LABELS: Record<string, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue' }

/** The photo as a data URL from our own storage: pdfmake may not fetch anything (services/pdf.server.ts). */
async function thumbnail(url: string | null): Promise<string | null> {
  const file = url?.split(/[?#]/)[0]?.split('/').pop()
  if (!file) return null
  try {
    const image = await readImage(file)
    if (!image) return null
    const bytes = Buffer.from(await new Response(image.body).arrayBuffer())
    return `data:${image.contentType};base64,${bytes.toString('base64')}`
  } catch (err) {
    console.warn('A delivery photo could not be read for the invoice PDF:', err)
    return null
  }
}

type DocumentItem = InvoiceItemView & { photo: string | null; signature?: string | null }

const label = (text: string): Content => ({ text, style: 'label' })
const right = (text: string, extra: Record<string, unknown> = {}): Content => ({ text, alignment: 'right', ...extra })

// A line's styles are written on its nodes rather than named: pdfmake looks each of ~20 properties of
// every text up through the named styles with fresh allocations each time, a fifth of a 200-line
// invoice's layout (decision 058). Same values as the named styles below.
const MUTED = { fontSize: 8, color: '#64748b' }
const DELIVERED = { fontSize: 8, color: '#15803d' }

function itemCell(item: DocumentItem, timeZone: string): Content {
  const stack: Content[] = [{ text: item.description, bold: true }]
  const from = [item.orderNumber, item.vendorName, item.propertyAddress].filter(Boolean).join(' · ')
  // Lines of one style are one text (a line break between them), which lays out the same as one node per line.
  const muted = [from, item.requestDate ? `Requested ${formatDate(item.requestDate, timeZone)}` : ''].filter(Boolean)
  if (muted.length) stack.push({ text: muted.join('\n'), ...MUTED })
  if (item.deliveredAt) {
    stack.push({ text: `Delivered ${formatDate(item.deliveredAt, timeZone)}`, ...DELIVERED })
    if (item.photo) stack.push({ image: item.photo, fit: [72, 54], margin: [0, 3, 0, 0] })
    const proof = [
      item.proofReceivedBy ? `Received by ${item.proofReceivedBy}` : null,
      item.proofCapturedAt ? `taken ${formatDateTime(item.proofCapturedAt, timeZone)}` : null,
      item.proofLocation ? `at ${item.proofLocation.latitude.toFixed(5)}, ${item.proofLocation.longitude.toFixed(5)}` : null,
    ].filter(Boolean)
    if (proof.length) stack.push({ text: proof.join(' · '), ...MUTED })
    if (item.signature) stack.push({ image: item.signature, fit: [96, 40], margin: [0, 3, 0, 0] })
  }
  return { stack }
}

export function invoiceDocument(input: { invoice: InvoiceView; items: DocumentItem[]; organisationName: string; timeZone?: string }): TDocumentDefinitions {
  const { invoice, items } = input
  const recipient: Content[] = [
    label('Bill to'),
    { text: invoice.recipientName, bold: true },
    invoice.recipientEmail,
    ...(invoice.recipientAddress ? [invoice.recipientAddress] : []),
    ...(invoice.recipientPhone ? [invoice.recipientPhone] : []),
  ]
  const facts: Content[] = [
    { columns: [label('Invoice date'), right(formatDate(invoice.invoiceDate))] },
    { columns: [label('Due date'), right(invoice.dueDate ? formatDate(invoice.dueDate) : '—')] },
    { columns: [label('Payment terms'), right(invoice.paymentTerms)] },
    { columns: [label('Status'), right(INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status)] },
  ]
  const content: Content[] = [
    {
      columns: [
        [{ text: input.organisationName, style: 'org' }, { text: 'Restock and delivery services', style: 'muted' }],
        [{ text: 'INVOICE', style: 'title', alignment: 'right' }, { text: invoice.invoiceNumber, alignment: 'right', bold: true }],
      ],
      margin: [0, 0, 0, 20],
    },
    { columns: [{ stack: recipient, width: '*' }, { stack: facts, width: 200 }], columnGap: 24, margin: [0, 0, 0, 20] },
    {
      table: {
        headerRows: 1,
        widths: ['*', 40, 70, 70],
        body: [
          [{ text: 'Item', style: 'th' }, right('Qty', { style: 'th' }), right('Unit price', { style: 'th' }), right('Amount', { style: 'th' })],
          ...(items.length
            ? items.map((item) => [itemCell(item, input.timeZone ?? 'UTC'), right(item.quantity), right(formatMoney(item.unitPrice)), right(formatMoney(item.totalPrice))])
            : [[{ text: 'No line items', style: 'muted', colSpan: 4 }, '', '', '']]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 0, 0, 12],
    },
    {
      columns: [
        { text: '', width: '*' },
        {
          width: 220,
          table: {
            widths: ['*', 90],
            body: [
              ['Subtotal', right(formatMoney(invoice.subtotal))],
              [`Tax (${invoice.taxRate}%)`, right(formatMoney(invoice.taxAmount))],
              [{ text: 'Total', bold: true }, right(formatMoney(invoice.totalAmount), { bold: true })],
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ],
      margin: [0, 0, 0, 20],
    },
    { text: 'Terms', style: 'heading' },
    {
      text: `${invoice.paymentTerms}${invoice.dueDate ? `: payment is due by ${formatDate(invoice.dueDate)}` : ''}. Please quote ${invoice.invoiceNumber} with your payment.`,
      margin: [0, 0, 0, 12],
    },
  ]
  if (invoice.notes) content.push({ text: 'Notes', style: 'heading' }, { text: invoice.notes })
  return {
    info: { title: `Invoice ${invoice.invoiceNumber}` },
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 48],
    content,
    styles: {
      org: { fontSize: 16, bold: true },
      title: { fontSize: 22, bold: true, color: '#1e3a8a' },
      heading: { fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
      th: { bold: true, fontSize: 9, color: '#334155' },
      label: { fontSize: 9, color: '#64748b' },
      muted: MUTED,
    },
    defaultStyle: { fontSize: 10 },
  }
}

/** The PDF bytes and a file name; NotFound for another organisation's invoice. */
export async function invoicePdf(orgId: string, id: string) {
  const invoice = await findInvoice(orgId, id)
  const [items, org] = await Promise.all([
    itemsOfFoundInvoice(orgId, invoice.id),
    db.organisation.findUniqueOrThrow({ where: { id: orgId }, select: { name: true, timeZone: true } }),
  ])
  const withPhotos = await Promise.all(
    items.map(async (item) => ({
      ...item,
      photo: item.deliveredAt ? await thumbnail(item.proofThumbnailUrl) : null,
      signature: item.deliveredAt ? await thumbnail(item.proofSignatureUrl) : null,
    })),
  )
  const pdf = await renderPdf(invoiceDocument({ invoice, items: withPhotos, organisationName: org.name, timeZone: safeTimeZone(org.timeZone) }))
  return { pdf, fileName: `${invoice.invoiceNumber}.pdf`, invoice, organisationName: org.name }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** `resent`: the invoice had already gone out once, so the manager is told it went again. */
export type InvoiceEmailOutcome = { invoice: InvoiceView; delivery: MailResult['delivery'] | null; error: string | null; resent: boolean }

/**
 * Sends the invoice with its PDF attached and records the outcome on the invoice: a failure is kept
 * (emailStatus 'failed' and why) rather than thrown, so the manager sees it and can try again.
 */
export async function emailInvoice(orgId: string, id: string): Promise<InvoiceEmailOutcome> {
  const { pdf, fileName, invoice, organisationName } = await invoicePdf(orgId, id)
  const resent = invoice.emailStatus === 'sent' || invoice.emailStatus === 'delivered'
  const total = formatMoney(invoice.totalAmount)
  const due = invoice.dueDate ? formatDate(invoice.dueDate) : null
  const lines = [
    `Hello ${invoice.recipientName},`,
    '',
    `Please find attached invoice ${invoice.invoiceNumber} from ${organisationName} for ${total}${due ? `, due ${due}` : ''} (${invoice.paymentTerms}).`,
    '',
    'Thank you for your business.',
    organisationName,
  ]
  try {
    const result = await sendMail({
      to: invoice.recipientEmail,
      subject: `Invoice ${invoice.invoiceNumber} from ${organisationName}`,
      text: lines.join('\n'),
      html: `<p>Hello ${escapeHtml(invoice.recipientName)},</p><p>Please find attached invoice <strong>${escapeHtml(invoice.invoiceNumber)}</strong> from ${escapeHtml(organisationName)} for <strong>${total}</strong>${due ? `, due ${due}` : ''} (${escapeHtml(invoice.paymentTerms)}).</p><p>Thank you for your business.<br>${escapeHtml(organisationName)}</p>`,
      attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
    })
    return { invoice: await recordInvoiceEmail(orgId, invoice.id, { ok: true }), delivery: result.delivery, error: null, resent }
  } catch (err) {
    const error = `The e-mail could not be sent: ${err instanceof Error ? err.message : String(err)}`
    console.warn(`Invoice ${invoice.invoiceNumber}:`, error)
    return { invoice: await recordInvoiceEmail(orgId, invoice.id, { ok: false, error }), delivery: null, error, resent }
  }
}
