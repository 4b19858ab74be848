// Notifications (spec §2.12): Unread (n) and Read (n), 'New' badges, mark read, delete, Mark All Read.
// Every button is a form post to this page (the same model functions as /api/notifications), so it
// works without JavaScript; the lists refresh every 5 s.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { Bell, Check, CheckCheck, Package, QrCode, Trash2 } from 'lucide-react'
import { PageHeader } from '~/routes/_app+/components/page-header'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Card, CardHeader } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { iconSprite } from '~/ui/icon-sprite'
import { NotFound } from '~/lib/errors'
import { TimeAgo } from '~/ui/time-ago'
import { useFocusAfterPost } from '~/lib/use-focus-after-post'
import { redirectWithToast } from '~/lib/toast.server'
import { usePolling } from '~/lib/use-polling'
import { deleteNotification, markAllNotificationsRead, markNotificationRead, notificationGroups } from '~/areas/outbox/notification.server'
import { requireManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'page',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  intents: ['read', 'read-all', 'delete'],
  permission: 'work',
}

export const meta: MetaFunction = () => [{ title: 'Notifications · Stockrun' }]

/** Spec §9: the unread count refreshes every 5 s on this page. */
const POLL_MS = 5_000

export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireManager(request)
  return json(await notificationGroups(manager.orgId, manager.userId))
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireManager(request)
  const form = await request.formData()
  const intent = form.get('intent')
  const id = String(form.get('id') ?? '')
  if (intent === 'read-all') {
    await markAllNotificationsRead(manager.orgId, manager.userId)
    return redirectWithToast('/notifications', { title: 'All notifications marked as read' })
  }
  try {
    if (intent === 'read') {
      await markNotificationRead(manager.orgId, manager.userId, id)
      return redirectWithToast('/notifications', { title: 'Notification marked as read' })
    }
    if (intent === 'delete') {
      await deleteNotification(manager.orgId, manager.userId, id)
      return redirectWithToast('/notifications', { title: 'Notification deleted' })
    }
  } catch (err) {
    if (!(err instanceof NotFound)) throw err
    const title = intent === 'delete' ? 'Error deleting notification' : 'Error'
    return redirectWithToast('/notifications', { title, description: err.message, variant: 'error' })
  }
  return redirectWithToast('/notifications', { title: 'Error', description: 'Unknown action', variant: 'error' })
}

type Item = { id: string; type: string; message: string; isRead: boolean; createdAt: string }

// Up to 200 notifications, three icons each: drawn from one sprite (decision 066), the same shapes
// the bell's NotificationIcon draws for each type (spec §2.12).
const { Symbols: NotificationIcons, Icon } = iconSprite('notification-icon', { qr_scan: QrCode, new_request: Package, other: Bell, read: Check, delete: Trash2 })
const typeIcon = (type: string) => (type === 'qr_scan' || type === 'new_request' ? type : 'other')

const itemId = (id: string) => `notification-${id}`

function NotificationItem({ n, focusAfter }: { n: Item; focusAfter: ReturnType<typeof useFocusAfterPost> }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === n.id
  return (
    <li id={itemId(n.id)} tabIndex={-1} className="flex items-start gap-3 px-4 py-3 sm:px-5" data-testid="notification">
      <span className="mt-0.5 grid h-8 w-8 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600">
        <Icon name={typeIcon(n.type)} className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-900">
          {n.message} {!n.isRead ? <Badge tone="blue">New</Badge> : null}
        </p>
        <TimeAgo date={n.createdAt} className="block text-xs text-slate-500" />
      </div>
      {/* One form for the item's two buttons: the pressed one says what to do (name="intent"). */}
      <Form
        method="post"
        preventScrollReset
        className="flex shrink-0 gap-1"
        onSubmit={(e) => {
          // Marked, the item moves to the Read group: focus goes with it, not to the top of the page.
          if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'read') focusAfter(() => document.getElementById(itemId(n.id)))
        }}
      >
        <input type="hidden" name="id" value={n.id} />
        {!n.isRead ? (
          <Button type="submit" name="intent" value="read" variant="ghost" size="sm" disabled={busy} aria-label={`Mark as read: ${n.message}`} title="Mark as read">
            <Icon name="read" className="h-4 w-4" />
          </Button>
        ) : null}
        <Button type="submit" name="intent" value="delete" variant="ghost" size="sm" disabled={busy} aria-label={`Delete: ${n.message}`} title="Delete">
          <Icon name="delete" className="h-4 w-4" />
        </Button>
      </Form>
    </li>
  )
}

function Group({ title, items, total, focusAfter }: { title: string; items: Item[]; total: number; focusAfter: ReturnType<typeof useFocusAfterPost> }) {
  if (total === 0) return null
  return (
    <Card>
      <CardHeader title={`${title} (${total})`} description={items.length < total ? `Showing the latest ${items.length}` : undefined} />
      <ul className="divide-y divide-slate-100">
        {items.map((n) => (
          <NotificationItem key={n.id} n={n} focusAfter={focusAfter} />
        ))}
      </ul>
    </Card>
  )
}

export default function NotificationsPage() {
  const { unread, read, unreadCount, readCount } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const focusAfter = useFocusAfterPost()
  usePolling(POLL_MS)
  const markingAll = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'read-all'
  return (
    <>
      <PageHeader
        title="Notifications"
        description="System alerts and updates"
        action={
          unreadCount > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="secondary" pending={markingAll} pendingLabel="Marking...">
                <CheckCheck className="h-4 w-4" aria-hidden="true" />
                Mark All Read
              </Button>
            </Form>
          ) : null
        }
      />
      {unreadCount + readCount === 0 ? (
        <EmptyState title="No notifications">No notifications yet. You&apos;ll see system alerts and updates here.</EmptyState>
      ) : (
        <>
          <NotificationIcons />
          <div className="space-y-6">
            <Group title="Unread" items={unread} total={unreadCount} focusAfter={focusAfter} />
            <Group title="Read" items={read} total={readCount} focusAfter={focusAfter} />
          </div>
        </>
      )}
    </>
  )
}
