// The dashboard's line under the counters (issue 34): how many urgent requests wait for a runner
// (urgent, pending, no open assignment: Dispatch's Pending Orders), with the way to them. The count
// is the manager layout's, the one the bell shows, so the two never disagree.
import { Link, useRouteLoaderData } from '@remix-run/react'
import { AlertTriangle } from 'lucide-react'
import { urgentWaitingText } from '~/areas/outbox/components/notification-bell'
import { cn } from '~/ui/cn'

export function UrgentWaiting() {
  const data = useRouteLoaderData('routes/_app+/_layout') as { urgentWaiting?: number } | undefined
  const n = data?.urgentWaiting ?? 0
  return (
    <section
      aria-label="Urgent requests waiting"
      data-testid="urgent-waiting"
      className={cn(
        'mb-6 flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border px-4 py-3 text-sm',
        n ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-slate-200 bg-white text-slate-600',
      )}
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className={cn('h-4 w-4 shrink-0', n ? 'text-amber-600' : 'text-slate-400')} aria-hidden="true" />
        {n ? urgentWaitingText(n) : 'No urgent requests wait for a runner'}
      </p>
      {n ? (
        <span className="flex flex-wrap gap-x-4">
          <Link to="/dispatch" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Assign in Dispatch
          </Link>
          <Link to="/requests?status=pending&urgent=1" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            See urgent requests
          </Link>
        </span>
      ) : null}
    </section>
  )
}
