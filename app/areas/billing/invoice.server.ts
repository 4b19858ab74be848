// Invoices: created by hand or from requests, numbered per organisation, archived before they can be
// deleted. Amounts are stored in cents and computed here only (see lib/money.ts); the /api shape
// carries them as decimal text ("12.34"). Its lines as shown, with their requests: invoice-lines.server.ts.
import type { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { Conflict, Invalid, NotFound } from '~/lib/errors'
import { centsToDecimal, invoiceTotals, lineTotalCents, parseCents } from '~/lib/money'
import { invoiceYear } from '~/lib/format'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import type { InvoiceFromRequestsInput, InvoiceInput, InvoiceStatus } from '~/areas/billing/invoice.schema'
import { rememberRecipient } from './recipient.server'
import { nextInvoiceNumber } from '~/areas/organisation/sequence.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { effectiveStatus } from './invoice-status.server'
import { enqueueWebhookEvent } from '~/areas/integrations/webhook.server'
import { issuerFromJson, organisationIdentity, type OrganisationIdentity } from '~/areas/organisation/organisation-identity.server'

const DAY = 24 * 60 * 60 * 1000
/** Cents are stored in 32-bit integer columns; refuse rather than overflow. */
const MAX_CENTS = 2_000_000_000

export type InvoiceView = {
  id: string
  invoiceNumber: string
  invoiceDate: Date
  dueDate: Date | null
  recipientName: string
  recipientEmail: string
  recipientAddress: string | null
  recipientPhone: string | null
  subtotal: string
  taxRate: string
  taxAmount: string
  totalAmount: string
  /** What the invoice shows as: an unpaid invoice past its due date is overdue. */
  status: InvoiceStatus
  paymentTerms: string
  notes: string | null
  emailStatus: string
  emailSentAt: Date | null
  emailError: string | null
  isArchived: boolean
  archivedAt: Date | null
  itemCount: number
  /**
   * Who issued it, as the organisation was when it left draft (decision 112): its PDF keeps this
   * name and address after a rename. Null while a draft, which shows the organisation as it is today.
   */
  issuer: OrganisationIdentity | null
  createdAt: Date
  updatedAt: Date
}

export type InvoiceRow = Prisma.InvoiceGetPayload<{ include: { _count: { select: { items: true } } } }>

/** The shape every caller sees, from a stored row (also the billing page's read, invoice-page.server.ts). */
export function toView(row: InvoiceRow, now = new Date()): InvoiceView {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    recipientAddress: row.recipientAddress,
    recipientPhone: row.recipientPhone,
    subtotal: centsToDecimal(row.subtotalCents),
    taxRate: row.taxRate,
    taxAmount: centsToDecimal(row.taxAmountCents),
    totalAmount: centsToDecimal(row.totalAmountCents),
    status: effectiveStatus(row, now),
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    emailStatus: row.emailStatus,
    emailSentAt: row.emailSentAt,
    emailError: row.emailError,
    isArchived: row.isArchived,
    archivedAt: row.archivedAt,
    itemCount: row._count.items,
    issuer: issuerFromJson(row.issuer),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** "Net 30" → 30 days after the invoice date; "Due on receipt" → the same day; anything else Net 30. */
export function dueDateFor(invoiceDate: Date, paymentTerms: string): Date {
  if (/receipt/i.test(paymentTerms)) return new Date(invoiceDate)
  const days = /net\s*(\d{1,3})/i.exec(paymentTerms)?.[1]
  return new Date(invoiceDate.getTime() + (days ? Number(days) : 30) * DAY)
}

export type InvoiceTab = 'active' | 'archived' | 'all'
export type InvoiceFilter = { tab?: InvoiceTab; status?: InvoiceStatus | 'all'; q?: string }

async function rowOrThrow(orgId: string, id: string) {
  const row = await db.invoice.findFirst({ where: { id, organisationId: orgId } })
  if (!row) throw new NotFound('Invoice not found')
  const items = await db.invoiceItem.count({ where: { invoiceId: row.id } })
  return { ...row, _count: { items } }
}

/** One of the organisation's invoices; NotFound for another organisation's or an unknown id. */
export async function findInvoice(orgId: string, id: string): Promise<InvoiceView> {
  return toView(await rowOrThrow(orgId, id))
}

type Line = {
  description: string
  quantity: string
  unitPriceCents: number | null
  totalPriceCents: number
  requestId?: string | null
  productId?: string | null
}

type Terms = Pick<InvoiceInput, 'recipientName' | 'recipientEmail' | 'recipientAddress' | 'recipientPhone' | 'taxRate' | 'paymentTerms' | 'notes' | 'invoiceDate' | 'dueDate'>

async function saveInvoice(
  orgId: string,
  terms: Terms,
  lines: Line[],
  amounts: { subtotalCents: number; taxAmountCents: number; totalAmountCents: number },
  status: string,
  // Checked again inside the transaction, so a request deleted meanwhile cannot be invoiced.
  requestIds: string[] = [],
) {
  const invoiceDate = terms.invoiceDate ?? new Date()
  const cents = [amounts.totalAmountCents, amounts.subtotalCents, ...lines.flatMap((l) => [l.unitPriceCents ?? 0, l.totalPriceCents])]
  if (cents.some((c) => !Number.isSafeInteger(c) || c > MAX_CENTS)) throw new Invalid('Amounts must be less than $20,000,000.')
  // Created already sent or paid: issued now, so it keeps today's issuer.
  const issuer = status === 'draft' ? null : await issuerSnapshot(orgId)
  // Numbered in the year of the date it shows, on the organisation's clock, not UTC's.
  const year = invoiceYear(invoiceDate, await organisationTimeZone(orgId))
  const id = await db.$transaction(async (tx) => {
    if (requestIds.length) {
      const found = await tx.productRequest.count({ where: { organisationId: orgId, id: { in: requestIds } } })
      if (found !== requestIds.length) throw new NotFound('Request not found')
    }
    const invoice = await tx.invoice.create({
      data: {
        organisationId: orgId,
        invoiceNumber: await nextInvoiceNumber(tx, orgId, year),
        invoiceDate,
        dueDate: terms.dueDate ?? dueDateFor(invoiceDate, terms.paymentTerms),
        recipientName: terms.recipientName,
        recipientEmail: terms.recipientEmail,
        recipientAddress: terms.recipientAddress,
        recipientPhone: terms.recipientPhone,
        taxRate: terms.taxRate,
        ...amounts,
        status,
        issuer,
        paymentTerms: terms.paymentTerms,
        notes: terms.notes,
      },
    })
    if (lines.length) {
      await tx.invoiceItem.createMany({
        data: lines.map((l, i) => ({
          organisationId: orgId,
          invoiceId: invoice.id,
          requestId: l.requestId ?? null,
          productId: l.productId ?? null,
          description: l.description,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          totalPriceCents: l.totalPriceCents,
          // Lines keep the order they were given in.
          createdAt: new Date(invoice.createdAt.getTime() + i),
        })),
      })
    }
    await rememberRecipient(tx, orgId, {
      name: terms.recipientName,
      email: terms.recipientEmail,
      phone: terms.recipientPhone,
      address: terms.recipientAddress,
    })
    return invoice.id
  })
  return findInvoice(orgId, id)
}

/**
 * A hand-made invoice. With lines, the subtotal is their sum; without, the subtotal sent is used.
 * Tax is always subtotal × rate unless no rate is given and a tax amount is; the total is never taken
 * from the client.
 */
export async function createInvoice(orgId: string, input: InvoiceInput): Promise<InvoiceView> {
  const lines: Line[] = input.items.map((item) => {
    const unitPriceCents = parseCents(item.unitPrice)
    return { description: item.description, quantity: item.quantity, unitPriceCents, totalPriceCents: lineTotalCents(unitPriceCents, item.quantity) }
  })
  let amounts = invoiceTotals(lines.map((l) => l.totalPriceCents), input.taxRate)
  if (!lines.length) {
    const subtotalCents = parseCents(input.subtotal)
    amounts = invoiceTotals([subtotalCents], input.taxRate)
    if (input.taxRate === '0' && input.taxAmount) {
      const taxAmountCents = parseCents(input.taxAmount)
      amounts = { subtotalCents, taxAmountCents, totalAmountCents: subtotalCents + taxAmountCents }
    }
  }
  return saveInvoice(orgId, input, lines, amounts, input.status)
}

/** An invoice for the selected requests: one line per requested product, its price × quantity. */
export async function invoiceFromRequests(orgId: string, input: InvoiceFromRequestsInput): Promise<InvoiceView> {
  const requests = await db.productRequest.findMany({
    where: { organisationId: orgId, id: { in: input.requestIds } },
    include: { items: { include: { product: { select: { price: true } } }, orderBy: { productName: 'asc' } } },
  })
  if (requests.length !== input.requestIds.length) throw new NotFound('Request not found')
  const order = new Map(input.requestIds.map((id, i) => [id, i]))
  requests.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || order.get(a.id)! - order.get(b.id)!)
  const lines: Line[] = requests.flatMap((r) =>
    r.items.map((item) => {
      const unitPriceCents = parseCents(item.product?.price)
      const quantity = String(item.quantity)
      return {
        description: item.productName,
        quantity,
        unitPriceCents,
        totalPriceCents: lineTotalCents(unitPriceCents, quantity),
        requestId: r.id,
        productId: item.productId,
      }
    }),
  )
  const amounts = invoiceTotals(lines.map((l) => l.totalPriceCents), input.invoiceData.taxRate)
  return saveInvoice(orgId, input.invoiceData, lines, amounts, 'draft', input.requestIds)
}

export async function archiveInvoice(orgId: string, id: string): Promise<InvoiceView> {
  const row = await rowOrThrow(orgId, id)
  await db.invoice.update({ where: { id: row.id }, data: { isArchived: true, archivedAt: row.archivedAt ?? new Date() } })
  return findInvoice(orgId, id)
}

export async function restoreInvoice(orgId: string, id: string): Promise<InvoiceView> {
  const row = await rowOrThrow(orgId, id)
  await db.invoice.update({ where: { id: row.id }, data: { isArchived: false, archivedAt: null } })
  return findInvoice(orgId, id)
}

/** Permanent, so only from the archive: an active invoice must be archived first. */
export async function deleteInvoice(orgId: string, id: string): Promise<void> {
  const row = await rowOrThrow(orgId, id)
  if (!row.isArchived) throw new Conflict('Only archived invoices can be deleted. Archive the invoice first.')
  // The archived check is repeated in the delete itself, so a restore in between wins.
  const { count } = await db.invoice.deleteMany({ where: { id: row.id, organisationId: orgId, isArchived: true } })
  if (count === 0) throw new Conflict('Only archived invoices can be deleted. Archive the invoice first.')
  await recordAudit({ orgId, action: 'invoice.deleted', target: { type: 'invoice', id: row.id }, details: { invoiceNumber: row.invoiceNumber } })
}

function announceInvoiceSent(tx: Prisma.TransactionClient, row: { id: string; organisationId: string; invoiceNumber: string }) {
  return enqueueWebhookEvent(tx, row.organisationId, 'invoice.sent', { invoice: { id: row.id, invoiceNumber: row.invoiceNumber, status: 'sent' } })
}

/** The organisation's identity as stored on an invoice that is issued now. */
export async function issuerSnapshot(orgId: string, identity?: OrganisationIdentity) {
  return JSON.stringify(identity ?? (await organisationIdentity(orgId)))
}

/**
 * The issuer an invoice leaving or staying out of draft keeps: the one it was issued with, or for
 * an invoice issued before issuers were kept, the identity of now. Back to draft it has none again:
 * a draft is being corrected and follows the organisation until it is issued anew (decision 112).
 */
async function issuerOnWrite(orgId: string, row: { issuer: string | null }, status: string, identity?: OrganisationIdentity) {
  if (status === 'draft') return null
  return row.issuer ?? (await issuerSnapshot(orgId, identity))
}

/** Managers move an invoice between draft, sent and paid; overdue follows from the due date. */
export async function setInvoiceStatus(orgId: string, id: string, status: 'draft' | 'sent' | 'paid'): Promise<InvoiceView> {
  const row = await rowOrThrow(orgId, id)
  const issuer = await issuerOnWrite(orgId, row, status)
  await db.$transaction(async (tx) => {
    await tx.invoice.update({ where: { id: row.id }, data: { status, issuer } })
    if (status === 'sent' && row.status !== 'sent') await announceInvoiceSent(tx, row)
  })
  await recordAudit({ orgId, action: 'invoice.status_changed', target: { type: 'invoice', id: row.id }, details: { from: row.status, to: status, invoiceNumber: row.invoiceNumber } })
  return findInvoice(orgId, id)
}

/**
 * Records how the e-mail went; a sent draft becomes sent, keeping as its issuer the identity its
 * attached PDF was made with (`issuer`), so the copy the recipient holds and the invoice agree.
 */
export async function recordInvoiceEmail(orgId: string, id: string, outcome: { ok: true; issuer: OrganisationIdentity } | { ok: false; error: string }) {
  const row = await rowOrThrow(orgId, id)
  const issued = outcome.ok ? await issuerOnWrite(orgId, row.status === 'draft' ? { issuer: null } : row, 'sent', outcome.issuer) : null
  await db.$transaction(async (tx) => {
    await tx.invoice.update({
      where: { id: row.id },
      data: outcome.ok
        ? { emailStatus: 'sent', emailSentAt: new Date(), emailError: null, issuer: issued, ...(row.status === 'draft' ? { status: 'sent' } : {}) }
        : { emailStatus: 'failed', emailError: outcome.error.slice(0, 1000) },
    })
    if (outcome.ok && row.status === 'draft') await announceInvoiceSent(tx, row)
  })
  await recordAudit({ orgId, action: outcome.ok ? 'invoice.sent' : 'invoice.send_failed', target: { type: 'invoice', id: row.id }, details: { invoiceNumber: row.invoiceNumber, to: row.recipientEmail, ...(outcome.ok ? {} : { error: outcome.error.slice(0, 300) }) } })
  return findInvoice(orgId, id)
}

/** The billing page's four cards and tab counts. */
export function invoiceSummary(all: InvoiceView[]) {
  const active = all.filter((i) => !i.isArchived)
  return {
    totalInvoices: active.length,
    totalAmountCents: active.reduce((sum, i) => sum + parseCents(i.totalAmount), 0),
    paidInvoices: active.filter((i) => i.status === 'paid').length,
    overdueInvoices: active.filter((i) => i.status === 'overdue').length,
    counts: { active: active.length, archived: all.length - active.length, all: all.length },
  }
}
