import { NavLink } from '@remix-run/react'
import { cn } from '~/ui/cn'

/** The depot's own screens: its stock, a count at the shelf, its ledger and its days of cover. */
export function DepotNav({ depotId }: { depotId: string }) {
  const tabs = [
    { to: `/depots/${depotId}`, label: 'Stock', end: true },
    { to: `/depots/${depotId}/count`, label: 'Count', end: false },
    { to: `/depots/${depotId}/movements`, label: 'Ledger', end: false },
    { to: `/depots/${depotId}/cover`, label: 'Days of cover', end: false },
  ]
  return (
    <nav aria-label="Depot" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end={t.end}
          className={({ isActive }) => cn('-mb-px border-b-2 px-3 py-2 text-sm font-medium', isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900')}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  )
}

export const REASON_LABELS: Record<string, string> = {
  receive: 'Received',
  pick: 'Picked',
  deliver: 'Delivered',
  return: 'Returned',
  adjust: 'Adjusted',
  count: 'Counted',
  damage: 'Damaged',
}
