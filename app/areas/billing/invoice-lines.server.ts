// An invoice's lines, each with the request it came from (order number, vendor, address, date) and
// that request's delivery and proof: what the invoice's details, its PDF and GET
// /api/invoices/{id}/items show. Making, numbering and moving invoices along is invoice.server.ts.
import { db } from '~/lib/db.server'
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

/**
 * The lines of an invoice the caller has just found in this organisation (findInvoice): the PDF
 * reads the invoice once, not twice (its row is read with an item count that costs ~5 ms at scale).
 */
export async function itemsOfFoundInvoice(orgId: string, invoiceId: string): Promise<InvoiceItemView[]> {
  const rows = await db.invoiceItem.findMany({
    where: { invoiceId, organisationId: orgId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: {
      request: {
        select: {
          orderNumber: true,
          vendorName: true,
          createdAt: true,
          property: { select: { address: true } },
          assignments: {
            where: { status: 'delivered' },
            orderBy: { deliveredAt: 'desc' },
            take: 1,
            select: {
              deliveredAt: true,
              updatedAt: true,
              proof: { select: { thumbnailUrl: true, imageUrl: true, receivedBy: true, signatureUrl: true, capturedAt: true, latitude: true, longitude: true } },
            },
          },
        },
      },
    },
  })
  return rows.map((row) => {
    const delivery = row.request?.assignments[0]
    return {
      id: row.id,
      invoiceId: row.invoiceId,
      requestId: row.requestId,
      productId: row.productId,
      description: row.description,
      quantity: row.quantity,
      unitPrice: row.unitPriceCents === null ? null : centsToDecimal(row.unitPriceCents),
      totalPrice: row.totalPriceCents === null ? null : centsToDecimal(row.totalPriceCents),
      createdAt: row.createdAt,
      orderNumber: row.request?.orderNumber ?? null,
      vendorName: row.request?.vendorName ?? null,
      propertyAddress: row.request?.property?.address ?? null,
      requestDate: row.request?.createdAt ?? null,
      deliveredAt: delivery ? (delivery.deliveredAt ?? delivery.updatedAt) : null,
      proofThumbnailUrl: delivery?.proof ? (delivery.proof.thumbnailUrl ?? delivery.proof.imageUrl) : null,
      proofReceivedBy: delivery?.proof?.receivedBy ?? null,
      proofSignatureUrl: delivery?.proof?.signatureUrl ?? null,
      proofCapturedAt: delivery?.proof?.capturedAt ?? null,
      proofLocation: delivery?.proof?.latitude != null && delivery.proof.longitude != null ? { latitude: delivery.proof.latitude, longitude: delivery.proof.longitude } : null,
    }
  })
}
