// An invoice's lines, each with the request it came from (order number, vendor, address, date) and
// that request's delivery and proof: what the invoice's details, its PDF and GET
// /api/invoices/{id}/items show. Making, numbering and moving invoices along is invoice.server.ts.
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, storedDateOrNull } from '~/lib/sql.server'
import { centsToDecimal } from '~/lib/money'
import { findInvoice } from './invoice.server'

export type InvoiceItemView = {
  id: string
  invoiceId: string
  requestId: string | null
  productId: string | null
  description: string
  quantity: string
  unitPrice: string | null
  totalPrice: string | null
  createdAt: Date
  orderNumber: string | null
  vendorName: string | null
  propertyAddress: string | null
  requestDate: Date | null
  /** When the request was delivered, and the runner's proof photo (thumbnail first), for the PDF. */
  deliveredAt: Date | null
  proofThumbnailUrl: string | null
  proofReceivedBy: string | null
  proofSignatureUrl: string | null
  proofCapturedAt: Date | null
  proofLocation: { latitude: number; longitude: number } | null
}

/** The invoice's lines, with the request they came from (vendor, address, date, delivery). */
export async function invoiceItems(orgId: string, id: string): Promise<InvoiceItemView[]> {
  const invoice = await findInvoice(orgId, id)
  return itemsOfFoundInvoice(orgId, invoice.id)
}

// Compiled once (decision 125). One statement, where the ORM's nested includes sent five (lines,
// requests, properties, deliveries, proofs): 32–56 ms of the PDFs rendered just after a start
// (decision 157). A line's delivery is its request's latest delivered assignment, as the includes
// took it; without one, or without its proof, those columns are all null.
const linesOfInvoice = compiledOnce((p: { invoiceId: string; orgId: string }) =>
  tables
    .selectFrom('InvoiceItem as ii')
    .leftJoin('ProductRequest as r', 'r.id', 'ii.requestId')
    .leftJoin('Property as pr', 'pr.id', 'r.propertyId')
    .leftJoin('RunnerAssignment as a', (join) =>
      join.on((eb) =>
        eb(
          'a.id',
          '=',
          eb
            .selectFrom('RunnerAssignment as latest')
            .select('latest.id')
            .whereRef('latest.requestId', '=', 'r.id')
            .where('latest.status', '=', 'delivered')
            .orderBy('latest.deliveredAt', 'desc')
            .limit(1),
        ),
      ),
    )
    .leftJoin('DeliveryProof as proof', 'proof.assignmentId', 'a.id')
    .select([
      'ii.id',
      'ii.invoiceId',
      'ii.requestId',
      'ii.productId',
      'ii.description',
      'ii.quantity',
      'ii.unitPriceCents',
      'ii.totalPriceCents',
      'ii.createdAt',
      'r.orderNumber',
      'r.vendorName',
      'r.createdAt as requestDate',
      'pr.address as propertyAddress',
      'a.deliveredAt',
      'a.updatedAt as deliveryUpdatedAt',
      'proof.thumbnailUrl',
      'proof.imageUrl',
      'proof.receivedBy',
      'proof.signatureUrl',
      'proof.capturedAt',
      'proof.latitude',
      'proof.longitude',
    ])
    .where('ii.invoiceId', '=', p.invoiceId)
    .where('ii.organisationId', '=', p.orgId)
    .orderBy('ii.createdAt', 'asc')
    .orderBy('ii.id', 'asc'),
)

/**
 * The lines of an invoice the caller has just found in this organisation (findInvoice): the PDF
 * reads the invoice once, not twice (its row is read with an item count that costs ~5 ms at scale).
 */
export async function itemsOfFoundInvoice(orgId: string, invoiceId: string): Promise<InvoiceItemView[]> {
  const rows = await readNow((sql) => sql.all(linesOfInvoice({ invoiceId, orgId })))
  return rows.map((row) => ({
    id: row.id,
    invoiceId: row.invoiceId,
    requestId: row.requestId,
    productId: row.productId,
    description: row.description,
    quantity: row.quantity,
    unitPrice: row.unitPriceCents === null ? null : centsToDecimal(row.unitPriceCents),
    totalPrice: row.totalPriceCents === null ? null : centsToDecimal(row.totalPriceCents),
    createdAt: new Date(row.createdAt),
    orderNumber: row.orderNumber,
    vendorName: row.vendorName,
    propertyAddress: row.propertyAddress,
    requestDate: storedDateOrNull(row.requestDate),
    // A delivery with no time of its own was delivered when it was last changed.
    deliveredAt: storedDateOrNull(row.deliveredAt ?? row.deliveryUpdatedAt),
    proofThumbnailUrl: row.thumbnailUrl ?? row.imageUrl,
    proofReceivedBy: row.receivedBy,
    proofSignatureUrl: row.signatureUrl,
    proofCapturedAt: storedDateOrNull(row.capturedAt),
    proofLocation: row.latitude != null && row.longitude != null ? { latitude: row.latitude, longitude: row.longitude } : null,
  }))
}
