// What status an invoice shows as, in one place for both sides that ask: a badge reads it from a
// row (effectiveStatus), the Overdue card and the status filter count and cut in SQL
// (invoiceStatusCondition). The rule: paid is paid; otherwise an invoice past its due date is
// overdue; otherwise it is sent or a draft as stored. A stored 'overdue' (older data, an import)
// whose due date has not passed, or that has none, shows as sent: overdue follows the due date only.
import type { InvoiceStatus } from '~/lib/schemas/invoice'

export function effectiveStatus(row: { status: string; dueDate: Date | null }, now = new Date()): InvoiceStatus {
  if (row.status === 'paid') return 'paid'
  if (row.dueDate && row.dueDate.getTime() < now.getTime()) return 'overdue'
  return row.status === 'sent' || row.status === 'overdue' ? 'sent' : 'draft'
}

/**
 * The same rule as an SQL condition on an Invoice row (no alias), with its bound parameters; `now`
 * as the ORM stores dates (sqlDate), so the text comparison is a time comparison.
 */
export function invoiceStatusCondition(status: InvoiceStatus | 'all' | undefined, now: string): { sql: string; params: unknown[] } {
  const notDue = '(dueDate IS NULL OR dueDate >= ?)'
  if (status === 'paid') return { sql: "status = 'paid'", params: [] }
  if (status === 'overdue') return { sql: "status <> 'paid' AND dueDate < ?", params: [now] }
  if (status === 'sent') return { sql: `status IN ('sent', 'overdue') AND ${notDue}`, params: [now] }
  if (status === 'draft') return { sql: `status NOT IN ('paid', 'sent', 'overdue') AND ${notDue}`, params: [now] }
  return { sql: '', params: [] }
}
