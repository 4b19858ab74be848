// The billing page's reads: its cards (the organisation's invoices summed) and its invoice table, one
// page of an organisation's invoices, newest first, filtered by tab, status and search, with a keyset
// cursor to the next page. Making and changing invoices is invoice.server.ts.
//
// Every billing view reads it, so it is kept statements on the ORM's connection (decision 068):
// through the ORM the query compiler built the same read afresh on each view. The conditions are
// the ones the ORM sent for the same filter, but for the search: the ORM's `contains` was an
// unescaped LIKE, where a typed `%` or `_` matched anything; it is now matched as typed (sql-like).
import { sql, type Expression, type SqlBool } from 'kysely'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { holdsText } from '~/lib/sql-like.server'
import { readNow, sqlDate, storedDateOrNull, type Sql } from '~/lib/sql.server'
import { toView, type InvoiceFilter } from './invoice.server'
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

function readPage(db: Sql, orgId: string, filter: InvoiceFilter & { after?: string | null }, limit: number, now: Date) {
  const tab = filter.tab ?? 'all'
  const q = filter.q?.trim()
  const after = filter.after ? decodeInvoiceCursor(filter.after) : null
  const status = invoiceStatusCondition(filter.status, sqlDate(now))
  const query = tables
    .selectFrom('Invoice')
    .select([
      'id', 'organisationId', 'invoiceNumber', 'invoiceDate', 'dueDate', 'recipientName', 'recipientEmail', 'recipientAddress', 'recipientPhone',
      'subtotalCents', 'taxRate', 'taxAmountCents', 'totalAmountCents', 'status', 'issuer', 'paymentTerms', 'notes', 'emailSentAt', 'emailStatus',
      'emailError', 'isArchived', 'archivedAt', 'createdAt', 'updatedAt',
    ])
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [eb('organisationId', '=', orgId)]
      if (tab !== 'all') conditions.push(eb('isArchived', '=', tab === 'archived' ? 1 : 0))
      if (status) conditions.push(status)
      if (q) conditions.push(eb.or([holdsText(eb.ref('invoiceNumber'), q), holdsText(eb.ref('recipientName'), q), holdsText(eb.ref('recipientEmail'), q)]))
      if (after) {
        const at = sqlDate(after.createdAt)
        conditions.push(eb.or([eb('createdAt', '<', at), eb.and([eb('createdAt', '=', at), eb('invoiceNumber', '<', after.invoiceNumber)])]))
      }
      return eb.and(conditions)
    })
    .orderBy('createdAt', 'desc')
    .orderBy('invoiceNumber', 'desc')
    .limit(limit + 1)
  const rows = db.all(query)
  const shown = rows.slice(0, limit)
  const countQuery = tables
    .selectFrom('InvoiceItem')
    .select((eb) => ['invoiceId', eb.fn.countAll<number>().as('n')])
    .where('invoiceId', 'in', listed(shown.map((r) => r.id)))
    .groupBy('invoiceId')
  const counts = new Map(db.all(countQuery).map((c) => [c.invoiceId, c.n]))
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
        dueDate: storedDateOrNull(r.dueDate),
        emailSentAt: storedDateOrNull(r.emailSentAt),
        archivedAt: storedDateOrNull(r.archivedAt),
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

// The cards sum every invoice of the organisation (~8 ms at 6,000) on each billing view. They change
// with a write, and "overdue" also as due dates pass: reused until the next write, for at most a
// minute (decision 056, as the dashboard's reorder card in 044).
const summaries = reusedUntilWrite<Awaited<ReturnType<typeof sumInvoices>>>({ maxAgeMs: 60_000 })

/** The four cards and the tab counts, summed by SQLite rather than over every invoice in memory. */
export function billingSummary(orgId: string, now?: Date) {
  if (now) return sumInvoices(orgId, now)
  return summaries(orgId, () => sumInvoices(orgId, new Date()))
}

async function sumInvoices(orgId: string, now: Date) {
  // The badges' rule (invoice-status.server.ts), so the card counts exactly the invoices marked Overdue.
  const overdue = invoiceStatusCondition('overdue', sqlDate(now))!
  const query = tables
    .selectFrom('Invoice')
    .select((eb) => {
      const current = eb('isArchived', '=', sql.lit(0))
      return [
        eb.fn.sum<number | null>(current).as('active'),
        eb.fn.sum<number | null>(eb('isArchived', '=', sql.lit(1))).as('archived'),
        eb.fn.sum<number | null>(eb.case().when(current).then(eb.ref('totalAmountCents')).end()).as('amount'),
        eb.fn.sum<number | null>(eb.and([current, eb('status', '=', sql.lit('paid'))])).as('paid'),
        eb.fn.sum<number | null>(eb.and([current, overdue])).as('overdue'),
      ]
    })
    .where('organisationId', '=', orgId)
  const row = await readNow((db) => db.one(query))
  const n = (v: number | null | undefined) => Number(v ?? 0)
  const active = n(row?.active)
  const archived = n(row?.archived)
  return {
    totalInvoices: active,
    totalAmountCents: n(row?.amount),
    paidInvoices: n(row?.paid),
    overdueInvoices: n(row?.overdue),
    counts: { active, archived, all: active + archived },
  }
}
