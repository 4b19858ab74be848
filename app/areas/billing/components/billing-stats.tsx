// The billing page's four cards (spec §2.11): Total Invoices, Total Amount, Paid Invoices, Overdue.
import { AlertTriangle, CheckCircle2, DollarSign, FileText } from 'lucide-react'
import { formatCents } from '~/lib/money'

export type BillingSummary = { totalInvoices: number; totalAmountCents: number; paidInvoices: number; overdueInvoices: number }

/** A long figure (a total in the tens of thousands) a size smaller, so four cards side by side show it whole. */
function figureSize(value: string) {
  if (value.length > 12) return 'text-base sm:text-lg'
  if (value.length > 8) return 'text-lg sm:text-xl'
  return 'text-xl sm:text-2xl'
}

export function BillingStats({ summary }: { summary: BillingSummary }) {
  const cards = [
    { key: 'total-invoices', label: 'Total Invoices', value: String(summary.totalInvoices), icon: FileText, tone: 'bg-blue-50 text-blue-700' },
    { key: 'total-amount', label: 'Total Amount', value: formatCents(summary.totalAmountCents), icon: DollarSign, tone: 'bg-green-50 text-green-700' },
    { key: 'paid-invoices', label: 'Paid Invoices', value: String(summary.paidInvoices), icon: CheckCircle2, tone: 'bg-slate-100 text-slate-700' },
    { key: 'overdue', label: 'Overdue', value: String(summary.overdueInvoices), icon: AlertTriangle, tone: 'bg-red-50 text-red-700' },
  ]
  return (
    <section aria-label="Invoice counters" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4" data-testid="billing-stats">
      {cards.map(({ key, label, value, icon: Icon, tone }) => (
        <div key={key} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <span className={`hidden h-10 w-10 shrink-0 place-items-center rounded-md sm:grid ${tone}`} aria-hidden="true">
            <Icon className="h-5 w-5" />
          </span>
          <p className="flex min-w-0 flex-col">
            <span className={`truncate font-semibold tabular-nums text-slate-900 ${figureSize(value)}`} data-testid={`stat-${key}`}>
              {value}
            </span>
            <span className="truncate text-xs font-medium text-slate-600 sm:text-sm">{label}</span>
          </p>
        </div>
      ))}
    </section>
  )
}
