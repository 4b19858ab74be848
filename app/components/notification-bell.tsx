import { Link, useRouteLoaderData } from '@remix-run/react'
import { Bell } from 'lucide-react'
import type { loader as appLoader } from '~/routes/_app'

/** The bell in every page header: the unread count, linking to the notifications page. */
export function NotificationBell() {
  const data = useRouteLoaderData<typeof appLoader>('routes/_app')
  const unread = data?.unreadCount ?? 0
  return (
    <Link
      to="/notifications"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md border border-slate-200 bg-white text-slate-700 hover:bg-slate-50"
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="notification-bell"
    >
      <Bell className="h-5 w-5" aria-hidden="true" />
      {unread ? (
        <span className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-semibold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  )
}
