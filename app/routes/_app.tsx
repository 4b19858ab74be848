import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Outlet, useLoaderData, useNavigation } from '@remix-run/react'
import { NotificationSoundProvider } from '~/components/notification-sound'
import { Sidebar } from '~/components/sidebar'
import { Spinner } from '~/components/ui/spinner'
import { countUnread } from '~/models/notification.server'
import { displayName } from '~/models/user.server'
import { requireManager } from '~/services/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  return json({
    manager: {
      name: displayName(manager),
      email: manager.email,
      role: manager.role,
      organisationName: manager.organisationName,
    },
    unreadCount: await countUnread(manager.orgId),
  })
}

export default function AppLayout() {
  const { manager } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  return (
    <NotificationSoundProvider>
      <Sidebar userLabel={manager.email} />
      <div className="min-h-full lg:pl-64">
        {navigation.state === 'loading' ? (
          <div className="fixed right-4 top-4 z-50 rounded-full bg-white p-2 shadow" data-testid="page-loading">
            <Spinner label="Loading page" />
          </div>
        ) : null}
        <main className="mx-auto max-w-7xl px-4 pb-12 pt-16 sm:px-6 lg:pt-8">
          <Outlet />
        </main>
      </div>
    </NotificationSoundProvider>
  )
}
