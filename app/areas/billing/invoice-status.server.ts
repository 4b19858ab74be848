// What status an invoice shows as, in one place for both sides that ask: a badge reads it from a
// row (effectiveStatus), the Overdue card and the status filter count and cut in SQL
// (invoiceStatusCondition). The rule: paid is paid; otherwise an invoice past its due date is
// overdue; otherwise it is sent or a draft as stored. A stored 'overdue' (older data, an import)
// whose due date has not passed, or that has none, shows as sent: overdue follows the due date only.
import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely'
import type { InvoiceStatus } from '~/areas/billing/invoice.schema'
import type { Tables } from '~/lib/sql-builder.server'

export function effectiveStatus(row: { status: string; dueDate: Date | null }, now = new Date()): InvoiceStatus {
  if (row.status === 'paid') return 'paid'
  if (row.dueDate && row.dueDate.getTime() < now.getTime()) return 'overdue'
  return row.status === 'sent' || row.status === 'overdue' ? 'sent' : 'draft'
}

/**
 * The same rule as a condition on an Invoice row (its columns unqualified), for the typed builder;
 * `now` as the ORM stores dates (sqlDate), so the text comparison is a time comparison. Null: any status.
 */
export function invoiceStatusCondition(status: InvoiceStatus | 'all' | undefined, now: string): Expression<SqlBool> | null {
  const eb = expressionBuilder<Pick<Tables, 'Invoice'>, 'Invoice'>()
  const notDue = eb.or([eb('dueDate', 'is', null), eb('dueDate', '>=', now)])
  if (status === 'paid') return eb('status', '=', sql.lit('paid'))
  if (status === 'overdue') return eb.and([eb('status', '<>', sql.lit('paid')), eb('dueDate', '<', now)])
  if (status === 'sent') return eb.and([eb('status', 'in', [sql.lit('sent'), sql.lit('overdue')]), notDue])
  if (status === 'draft') return eb.and([eb('status', 'not in', [sql.lit('paid'), sql.lit('sent'), sql.lit('overdue')]), notDue])
  return null
}
