// The billing page's invoice table: one page of an organisation's invoices, newest first, filtered
// by tab, status and search, with a keyset cursor to the next page.
//
// Every billing view reads it, so it is kept statements on the ORM's connection (decision 068):
// through the ORM the query compiler built the same read afresh on each view. The conditions are
// the ones the ORM sent for the same filter, to the letter (`contains` is an unescaped LIKE), so a
// page answers exactly what it answered before.
import { readNow, sqlDate, type Sql } from '~/lib/sql.server'
import { toView, type InvoiceFilter, type InvoiceRow } from './invoice.server'
import { invoiceStatusCondition } from './invoice-status.server'

export const INVOICE_PAGE_SIZE = 50

/** The keyset cursor: the last listed invoice's (createdAt, invoiceNumber), opaque to clients. */
function encodeInvoiceCursor(row: { createdAt: Date; invoiceNumber: string }) {
  return Buffer.from(`${row.createdAt.getTime()}.${row.invoiceNumber}`).toString('base64url')
}

function decodeInvoiceCursor(cursor: string) {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const dot = text.indexOf('.')
  const time = Number(text.slice(0, dot))
  if (dot < 1 || !Number.isSafeInteger(time)) return null
  return { createdAt: new Date(time), invoiceNumber: text.slice(dot + 1) }
}

type StoredInvoice = Omit<InvoiceRow, '_count' | 'isArchived' | 'invoiceDate' | 'dueDate' | 'emailSentAt' | 'archivedAt' | 'createdAt' | 'updatedAt'> & {
  isArchived: number
  invoiceDate: string
  dueDate: string | null
  emailSentAt: string | null
  archivedAt: string | null
  createdAt: string
  updatedAt: string
}

const COLUMNS =
  'id, organisationId, invoiceNumber, invoiceDate, dueDate, recipientName, recipientEmail, recipientAddress, recipientPhone, subtotalCents, taxRate, taxAmountCents, totalAmountCents, status, issuer, paymentTerms, notes, emailSentAt, emailStatus, emailError, isArchived, archivedAt, createdAt, updatedAt'

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value))

function readPage(sql: Sql, orgId: string, filter: InvoiceFilter & { after?: string | null }, limit: number, now: Date) {
  const tab = filter.tab ?? 'all'
  const q = filter.q?.trim()
  const nowText = sqlDate(now)
  const after = filter.after ? decodeInvoiceCursor(filter.after) : null
  const where = ['organisationId = ?']
  const params: unknown[] = [orgId]
  if (tab !== 'all') {
    where.push('isArchived = ?')
    params.push(tab === 'archived' ? 1 : 0)
  }
  const status = invoiceStatusCondition(filter.status, nowText)
  if (status.sql) {
    where.push(status.sql)
    params.push(...status.params)
  }
  if (q) {
    where.push('(invoiceNumber LIKE ? OR recipientName LIKE ? OR recipientEmail LIKE ?)')
    params.push(`%${q}%`, `%${q}%`, `%${q}%`)
  }
  if (after) {
    const at = sqlDate(after.createdAt)
    where.push('(createdAt < ? OR (createdAt = ? AND invoiceNumber < ?))')
    params.push(at, at, after.invoiceNumber)
  }
  const rows = sql.all<StoredInvoice>(
    `SELECT ${COLUMNS} FROM Invoice WHERE ${where.join(' AND ')} ORDER BY createdAt DESC, invoiceNumber DESC LIMIT ?`,
    ...params,
    limit + 1,
  )
  const shown = rows.slice(0, limit)
  const counts = new Map(
    sql
      .all<{ invoiceId: string; n: number }>(
        'SELECT invoiceId, COUNT(*) AS n FROM InvoiceItem WHERE invoiceId IN (SELECT value FROM json_each(?)) GROUP BY invoiceId',
        JSON.stringify(shown.map((r) => r.id)),
      )
      .map((c) => [c.invoiceId, c.n]),
  )
  return { rows: shown, counts, more: rows.length > limit }
}

/**
 * One page of the billing table, newest first, and the cursor of the next page if any. At 5,000
 * invoices the whole list was 38 MB of HTML; a page is bounded whatever the organisation holds.
 * An unreadable cursor answers the first page, as a hand-edited link should.
 */
export async function pageInvoices(orgId: string, filter: InvoiceFilter & { after?: string | null; limit?: number } = {}) {
  const limit = Math.min(Math.max(filter.limit ?? INVOICE_PAGE_SIZE, 1), 500)
  const now = new Date()
  const { rows, counts, more } = await readNow((sql) => readPage(sql, orgId, filter, limit, now))
  const invoices = rows.map((r) =>
    toView(
      {
        ...r,
        isArchived: r.isArchived === 1,
        invoiceDate: new Date(r.invoiceDate),
        dueDate: dateOrNull(r.dueDate),
        emailSentAt: dateOrNull(r.emailSentAt),
        archivedAt: dateOrNull(r.archivedAt),
        createdAt: new Date(r.createdAt),
        updatedAt: new Date(r.updatedAt),
        _count: { items: counts.get(r.id) ?? 0 },
      },
      now,
    ),
  )
  const last = more ? invoices[invoices.length - 1] : undefined
  return { invoices, nextCursor: last ? encodeInvoiceCursor(last) : null }
}
