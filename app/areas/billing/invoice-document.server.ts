// The invoice as a document: its PDF (GET /api/invoices/:id/pdf) and the e-mail that carries it.
// The issuer block is the organisation as it was when the invoice was issued (decision 112), or as it
// is today for a draft. Beyond the spec, a delivered order shows when it was delivered and the
// runner's photo, once per order however many lines it has.
import { formatDate, formatDateTime, formatInvoiceDate } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import { sendMail, type MailResult } from '~/areas/outbox/mail.server'
import { renderPdf, type Content, type TDocumentDefinitions } from '~/lib/pdf.server'
import { findInvoice, recordInvoiceEmail, type InvoiceView } from './invoice.server'
import { itemsOfFoundInvoice, type InvoiceItemView } from './invoice-lines.server'
import { organisationIdentity, type OrganisationIdentity } from '~/areas/organisation/organisation-identity.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { embeddedImage, issuerBlock } from '~/areas/organisation/letterhead.server'

export const INVOICE_STATUS_LABELS: Record<string, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue' }

/** The issuer an invoice shows: the one it was issued with, or today's organisation for a draft. */
export async function issuerOf(orgId: string, invoice: InvoiceView): Promise<OrganisationIdentity> {
  return invoice.issuer ?? (await organisationIdentity(orgId))
}

/** A delivered order's proof, drawn with the first of its lines only. */
type Proof = { photo: string | null; signature: string | null }
type DocumentItem = InvoiceItemView & { proof?: Proof | null }

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
  if (item.deliveredAt && item.proof) {
    stack.push({ text: `Delivered ${formatDate(item.deliveredAt, timeZone)}`, ...DELIVERED })
    if (item.proof.photo) stack.push({ image: item.proof.photo, fit: [72, 54], margin: [0, 3, 0, 0] })
    const proof = [
      item.proofReceivedBy ? `Received by ${item.proofReceivedBy}` : null,
      item.proofCapturedAt ? `taken ${formatDateTime(item.proofCapturedAt, timeZone)}` : null,
      item.proofLocation ? `at ${item.proofLocation.latitude.toFixed(5)}, ${item.proofLocation.longitude.toFixed(5)}` : null,
    ].filter(Boolean)
    if (proof.length) stack.push({ text: proof.join(' · '), ...MUTED })
    if (item.proof.signature) stack.push({ image: item.proof.signature, fit: [96, 40], margin: [0, 3, 0, 0] })
  }
  return { stack }
}

export function invoiceDocument(input: {
  invoice: InvoiceView
  items: DocumentItem[]
  issuer: OrganisationIdentity
  logo?: string | null
  timeZone?: string
}): TDocumentDefinitions {
  const { invoice, items } = input
  const recipient: Content[] = [
    label('Bill to'),
    { text: invoice.recipientName, bold: true },
    invoice.recipientEmail,
    ...(invoice.recipientAddress ? [invoice.recipientAddress] : []),
    ...(invoice.recipientPhone ? [invoice.recipientPhone] : []),
  ]
  const facts: Content[] = [
    { columns: [label('Invoice date'), right(formatInvoiceDate(invoice.invoiceDate, input.timeZone))] },
    { columns: [label('Due date'), right(invoice.dueDate ? formatInvoiceDate(invoice.dueDate, input.timeZone) : '—')] },
    { columns: [label('Payment terms'), right(invoice.paymentTerms)] },
    { columns: [label('Status'), right(INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status)] },
  ]
  const content: Content[] = [
    {
      columns: [
        { stack: issuerBlock(input.issuer, input.logo ?? null), width: '*' },
        { stack: [{ text: 'INVOICE', style: 'title', alignment: 'right' }, { text: invoice.invoiceNumber, alignment: 'right', bold: true }], width: 160 },
      ],
      columnGap: 24,
      margin: [0, 0, 0, 20],
    },
    { columns: [{ stack: recipient, width: '*' }, { stack: facts, width: 200 }], columnGap: 24, margin: [0, 0, 0, 20] },
    {
      table: {
        headerRows: 1,
        // A line is never split over two pages: its photo and the caption under it stay with it.
        dontBreakRows: true,
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
      text: `${invoice.paymentTerms}${invoice.dueDate ? `: payment is due by ${formatInvoiceDate(invoice.dueDate, input.timeZone)}` : ''}. Please quote ${invoice.invoiceNumber} with your payment.`,
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
      issuer: { fontSize: 9, color: '#334155', lineHeight: 1.15 },
      title: { fontSize: 22, bold: true, color: '#1e3a8a' },
      heading: { fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
      th: { bold: true, fontSize: 9, color: '#334155' },
      label: { fontSize: 9, color: '#64748b' },
      muted: MUTED,
    },
    defaultStyle: { fontSize: 10 },
  }
}

/** Each delivered order's proof images, read once per order (an order's lines share one photo). */
async function withProofs(items: InvoiceItemView[]): Promise<DocumentItem[]> {
  const first = new Map<string, InvoiceItemView>()
  for (const item of items) if (item.requestId && item.deliveredAt && !first.has(item.requestId)) first.set(item.requestId, item)
  const proofs = new Map(
    await Promise.all(
      [...first.values()].map(
        async (item) =>
          [
            item,
            {
              photo: await embeddedImage(item.proofThumbnailUrl, 'A delivery photo'),
              signature: await embeddedImage(item.proofSignatureUrl, 'A signature'),
            },
          ] as const,
      ),
    ),
  )
  return items.map((item) => ({ ...item, proof: proofs.get(item) ?? null }))
}

/** The PDF bytes, a file name and the issuer it shows; NotFound for another organisation's invoice. */
export async function invoicePdf(orgId: string, id: string) {
  const invoice = await findInvoice(orgId, id)
  const [items, issuer, timeZone] = await Promise.all([itemsOfFoundInvoice(orgId, invoice.id), issuerOf(orgId, invoice), organisationTimeZone(orgId)])
  const [documentItems, logo] = await Promise.all([withProofs(items), embeddedImage(issuer.logoUrl, 'The logo')])
  const pdf = await renderPdf(invoiceDocument({ invoice, items: documentItems, issuer, logo, timeZone }))
  return { pdf, fileName: `${invoice.invoiceNumber}.pdf`, invoice, issuer, timeZone }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** `resent`: the invoice had already gone out once, so the manager is told it went again. */
export type InvoiceEmailOutcome = { invoice: InvoiceView; delivery: MailResult['delivery'] | null; error: string | null; resent: boolean }

/**
 * Sends the invoice with its PDF attached and records the outcome on the invoice: a failure is kept
 * (emailStatus 'failed' and why) rather than thrown, so the manager sees it and can try again.
 */
export async function emailInvoice(orgId: string, id: string): Promise<InvoiceEmailOutcome> {
  const { pdf, fileName, invoice, issuer, timeZone } = await invoicePdf(orgId, id)
  const organisationName = issuer.name
  const resent = invoice.emailStatus === 'sent' || invoice.emailStatus === 'delivered'
  const total = formatMoney(invoice.totalAmount)
  const due = invoice.dueDate ? formatInvoiceDate(invoice.dueDate, timeZone) : null
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
      fromName: organisationName,
      to: invoice.recipientEmail,
      subject: `Invoice ${invoice.invoiceNumber} from ${organisationName}`,
      text: lines.join('\n'),
      html: `<p>Hello ${escapeHtml(invoice.recipientName)},</p><p>Please find attached invoice <strong>${escapeHtml(invoice.invoiceNumber)}</strong> from ${escapeHtml(organisationName)} for <strong>${total}</strong>${due ? `, due ${due}` : ''} (${escapeHtml(invoice.paymentTerms)}).</p><p>Thank you for your business.<br>${escapeHtml(organisationName)}</p>`,
      attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
    })
    return { invoice: await recordInvoiceEmail(orgId, invoice.id, { ok: true, issuer }), delivery: result.delivery, error: null, resent }
  } catch (err) {
    const error = `The e-mail could not be sent: ${err instanceof Error ? err.message : String(err)}`
    console.warn(`Invoice ${invoice.invoiceNumber}:`, error)
    return { invoice: await recordInvoiceEmail(orgId, invoice.id, { ok: false, error }), delivery: null, error, resent }
  }
}
