import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Outlet, useLoaderData, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react'
import { LiveEventsProvider } from '~/ui/live-events'
import { NotificationSoundProvider } from '~/areas/outbox/components/notification-sound'
import { Sidebar } from '~/routes/_app+/components/sidebar'
import { Spinner } from '~/ui/spinner'
import { usePolling } from '~/lib/use-polling'
import { unreadCounts } from '~/areas/outbox/notification.server'
import { urgentWaitingCount } from '~/areas/requests/urgent-requests.server'
import { permissionsOf } from '~/areas/organisation/permissions'
import { getPreferences } from '~/areas/organisation/settings.server'
import { displayName } from '~/areas/people/user.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'page', callers: ['manager'], methods: ['GET', 'HEAD'], permission: 'work' }

/** Spec §9: the header's unread count refreshes every 30 s (pages may poll faster). */
const HEADER_POLL_MS = 30_000

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  const [{ count: unreadCount, urgent: unreadUrgent }, preferences, urgentWaiting] = await Promise.all([
    unreadCounts(manager.orgId, manager.userId),
    getPreferences(manager.userId),
    urgentWaitingCount(manager.orgId),
  ])
  return json({
    manager: {
      name: displayName(manager),
      email: manager.email,
      role: manager.role,
      organisationName: manager.organisationName,
      orgId: manager.orgId,
      organisations: manager.organisations ?? [],
    },
    // No query: the role is in hand. Pages hide what it may not do (components/use-permissions.ts).
    may: permissionsOf(manager),
    unreadCount,
    unreadUrgent,
    // The bell and the dashboard say how many urgent requests wait for a runner (issue 34).
    urgentWaiting,
    notificationSoundsEnabled: preferences.notificationSoundsEnabled,
  })
}

/** Nothing here depends on a page's query string: a search or a selection does not reload it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false
  return defaultShouldRevalidate
}

export default function AppLayout() {
  const { manager, unreadCount, unreadUrgent, notificationSoundsEnabled } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  usePolling(HEADER_POLL_MS)
  // Live updates sit outside the sound, which listens to them for new notifications.
  return (
    <LiveEventsProvider>
      <NotificationSoundProvider enabled={notificationSoundsEnabled !== false} unreadCount={unreadCount} unreadUrgent={unreadUrgent}>
        {/* The first stop for a keyboard: straight past the navigation to the page itself. */}
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
        >
          Skip to content
        </a>
        <Sidebar userLabel={manager.email} organisations={manager.organisations} activeOrgId={manager.orgId} />
        <div className="relative min-h-full lg:pl-64">
          {/* The sidebar's column down the whole page: the fixed sidebar is one screen tall, so on a long
              page (and in a full-page capture) its background stopped there (issue 28). */}
          <div aria-hidden="true" data-testid="sidebar-column" className="absolute inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block" />
          {navigation.state === 'loading' ? (
            <div className="fixed right-4 top-4 z-50 rounded-full bg-white p-2 shadow" data-testid="page-loading">
              <Spinner label="Loading page" />
            </div>
          ) : null}
          <main id="main-content" tabIndex={-1} className="mx-auto max-w-7xl px-4 pb-12 pt-16 outline-none sm:px-6 lg:pt-8">
            <Outlet />
          </main>
        </div>
      </NotificationSoundProvider>
    </LiveEventsProvider>
  )
}
