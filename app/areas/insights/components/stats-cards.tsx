// The dashboard's four counters (spec §2.4).
import { CheckCircle2, Clock, QrCode, Truck } from 'lucide-react'
import type { RequestStats } from '~/areas/insights/stats.server'

const COUNTERS = [
  { key: 'pendingRequests', label: 'Pending Requests', icon: Clock, tone: 'bg-green-50 text-green-700' },
  { key: 'inProgressRequests', label: 'In Progress', icon: Truck, tone: 'bg-blue-50 text-blue-700' },
  { key: 'completedToday', label: 'Completed Today', icon: CheckCircle2, tone: 'bg-slate-100 text-slate-700' },
  { key: 'activeQRCodes', label: 'QR Locations', icon: QrCode, tone: 'bg-purple-50 text-purple-700' },
] as const

export function StatsCards({ stats }: { stats: RequestStats }) {
  return (
    <section aria-label="Request counters" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4" data-testid="stats">
      {COUNTERS.map(({ key, label, icon: Icon, tone }) => (
        <div key={key} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <span className={`hidden h-10 w-10 shrink-0 place-items-center rounded-md sm:grid ${tone}`} aria-hidden="true">
            <Icon className="h-5 w-5" />
          </span>
          <p className="flex min-w-0 flex-col">
            <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid={`stat-${key}`}>
              {stats[key]}
            </span>
            <span className="truncate text-xs font-medium text-slate-600 sm:text-sm">{label}</span>
          </p>
        </div>
      ))}
    </section>
  )
}
