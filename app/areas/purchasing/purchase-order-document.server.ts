// The purchase order as a document: its PDF (GET /api/purchase-orders/:id/pdf) and the e-mail that
// carries it to the supplier when it is sent. The letterhead is the organisation's, drawn as on its
// invoices (organisation/letterhead.server.ts); the e-mail goes through the outbox's mail like theirs.
import { formatDate } from '~/lib/format'
import { formatMoney } from '~/lib/money'
import { renderPdf, type Content, type TDocumentDefinitions } from '~/lib/pdf.server'
import { sendMail, type MailResult } from '~/areas/outbox/mail.server'
import { organisationIdentity, type OrganisationIdentity } from '~/areas/organisation/organisation-identity.server'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { embeddedImage, issuerBlock } from '~/areas/organisation/letterhead.server'
import { PURCHASE_ORDER_STATUS_LABELS } from './purchase-order.schema'
import { findPurchaseOrder, markSent, orderToSend, type PurchaseOrderView } from './purchase-order.server'

const right = (text: string, extra: Record<string, unknown> = {}): Content => ({ text, alignment: 'right', ...extra })
const label = (text: string): Content => ({ text, style: 'label' })

export function purchaseOrderDocument(input: { order: PurchaseOrderView; issuer: OrganisationIdentity; logo: string | null; timeZone: string }): TDocumentDefinitions {
  const { order, issuer } = input
  const supplier: Content[] = [
    label('Supplier'),
    { text: order.supplier.name, bold: true },
    ...(order.supplier.email ? [order.supplier.email] : []),
    ...(order.supplier.phone ? [order.supplier.phone] : []),
  ]
  const deliverTo: Content[] = [label('Deliver to'), { text: `${issuer.name}, ${order.depot.name}`, bold: true }, ...(order.depot.address ? [order.depot.address] : [])]
  const facts: Content[] = [
    { columns: [label('Order date'), right(formatDate(order.sentAt ?? order.createdAt, input.timeZone))] },
    { columns: [label('Status'), right(PURCHASE_ORDER_STATUS_LABELS[order.status])] },
  ]
  return {
    info: { title: `Purchase order ${order.number}` },
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 48],
    content: [
      {
        columns: [
          { stack: issuerBlock(issuer, input.logo), width: '*' },
          { stack: [{ text: 'PURCHASE ORDER', style: 'title', alignment: 'right' }, { text: order.number, alignment: 'right', bold: true }], width: 200 },
        ],
        columnGap: 24,
        margin: [0, 0, 0, 20],
      },
      { columns: [{ stack: supplier, width: '*' }, { stack: deliverTo, width: '*' }, { stack: facts, width: 160 }], columnGap: 24, margin: [0, 0, 0, 20] },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', 50, 70, 70],
          body: [
            [{ text: 'Item', style: 'th' }, right('Qty', { style: 'th' }), right('Unit cost', { style: 'th' }), right('Amount', { style: 'th' })],
            ...order.lines.map((l) => [l.name, right(String(l.quantity)), right(formatMoney(l.unitCost)), right(formatMoney(l.amount))]),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          { text: '', width: '*' },
          { width: 220, table: { widths: ['*', 90], body: [[{ text: 'Total', bold: true }, right(formatMoney(order.total), { bold: true })]] }, layout: 'lightHorizontalLines' },
        ],
        margin: [0, 0, 0, 20],
      },
      { text: `Please quote ${order.number} on your delivery note and invoice.` },
    ],
    styles: {
      org: { fontSize: 16, bold: true },
      issuer: { fontSize: 9, color: '#334155', lineHeight: 1.15 },
      title: { fontSize: 20, bold: true, color: '#1e3a8a' },
      th: { bold: true, fontSize: 9, color: '#334155' },
      label: { fontSize: 9, color: '#64748b' },
    },
    defaultStyle: { fontSize: 10 },
  }
}

/** The PDF bytes and a file name; NotFound for another organisation's order. */
export async function purchaseOrderPdf(orgId: string, id: string, found?: PurchaseOrderView) {
  const order = found ?? (await findPurchaseOrder(orgId, id))
  const [issuer, timeZone] = await Promise.all([organisationIdentity(orgId), organisationTimeZone(orgId)])
  const logo = await embeddedImage(issuer.logoUrl, 'The logo')
  const pdf = await renderPdf(purchaseOrderDocument({ order, issuer, logo, timeZone }))
  return { pdf, fileName: `${order.number}.pdf`, order, issuer }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export type SentPurchaseOrder = { purchaseOrder: PurchaseOrderView; to: string; delivery: MailResult['delivery'] }

/**
 * Sends a draft to its supplier with the PDF attached, then marks it sent. A mail that could not go
 * leaves the order a draft and is thrown, so the manager can try again.
 */
export async function sendPurchaseOrder(orgId: string, id: string): Promise<SentPurchaseOrder> {
  const draft = await orderToSend(orgId, id)
  const to = draft.supplier.email!
  const { pdf, fileName, issuer } = await purchaseOrderPdf(orgId, id, draft)
  const lines = [
    `Hello ${draft.supplier.name},`,
    '',
    `Please find attached purchase order ${draft.number} from ${issuer.name} for ${formatMoney(draft.total)}, to be delivered to ${draft.depot.name}${draft.depot.address ? `, ${draft.depot.address}` : ''}.`,
    '',
    `Please quote ${draft.number} on your delivery note and invoice.`,
    issuer.name,
  ]
  const result = await sendMail({
    fromName: issuer.name,
    to,
    subject: `Purchase order ${draft.number} from ${issuer.name}`,
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  })
  return { purchaseOrder: await markSent(orgId, id, to), to, delivery: result.delivery }
}
