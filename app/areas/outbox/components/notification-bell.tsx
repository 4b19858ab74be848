// The bell in every page header: the unread count and, with JavaScript, a dropdown (about 320 px
// wide, scrolling) of the latest notifications where a click marks one read. Without JavaScript it
// is a link to the notifications page.
import { Link, useFetcher, useRouteLoaderData } from '@remix-run/react'
import { Bell, Package, QrCode } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { timeAgo } from '~/lib/format'
import type { NotificationView } from '~/areas/outbox/notification.server'
import { cn } from '~/ui/cn'
import { Spinner } from '~/ui/spinner'

const DROPDOWN_LIMIT = 20

/** Spec §2.12: the icon says what kind of thing happened. */
export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const Icon = type === 'qr_scan' ? QrCode : type === 'new_request' ? Package : Bell
  return <Icon className={className} aria-hidden="true" />
}

type Listed = Omit<NotificationView, 'createdAt'> & { createdAt: string }

const bellClasses =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-md border border-slate-200 bg-white text-slate-700 hover:bg-slate-50'

function Count({ unread }: { unread: number }) {
  if (!unread) return null
  return (
    <span className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-semibold leading-5 text-white" aria-hidden="true">
      {unread > 99 ? '99+' : unread}
    </span>
  )
}

/** "2 urgent requests wait for a runner": urgent, pending and not covered by an open assignment (issue 34). */
export function urgentWaitingText(n: number) {
  return `${n} urgent ${n === 1 ? 'request waits' : 'requests wait'} for a runner`
}

/** The urgent ones waiting, in amber under the unread count so the two numbers never read as one. */
function UrgentCount({ urgent }: { urgent: number }) {
  if (!urgent) return null
  return (
    <span
      className="absolute -bottom-1.5 -right-1 min-w-5 rounded-full border border-white bg-amber-500 px-1 text-center text-[10px] font-bold leading-4 text-slate-950"
      aria-hidden="true"
      data-testid="bell-urgent-count"
    >
      {urgent > 99 ? '99+' : `!${urgent}`}
    </span>
  )
}

type AppData = { unreadCount?: number; urgentWaiting?: number }

function bellLabel(unread: number, urgent: number) {
  const parts = ['Notifications']
  if (unread) parts.push(`${unread} unread`)
  if (urgent) parts.push(urgentWaitingText(urgent))
  return parts.join(', ')
}

export function NotificationBell() {
  // The manager layout's loader counts unread notifications for every page; the bell only reads that count.
  const data = useRouteLoaderData('routes/_app+/_layout') as AppData | undefined
  const unread = data?.unreadCount ?? 0
  const urgent = data?.urgentWaiting ?? 0
  const label = bellLabel(unread, urgent)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  if (!hydrated) {
    return (
      <Link to="/notifications" className={bellClasses} aria-label={label} data-testid="notification-bell">
        <Bell className="h-5 w-5" aria-hidden="true" />
        <Count unread={unread} />
        <UrgentCount urgent={urgent} />
      </Link>
    )
  }
  return <BellMenu unread={unread} urgent={urgent} label={label} />
}

function BellMenu({ unread, urgent, label }: { unread: number; urgent: number; label: string }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const list = useFetcher<Listed[]>()
  const marker = useFetcher()
  const load = useRef(list.load)
  load.current = list.load

  // Fresh on every opening, and again when the count moves while it is open.
  useEffect(() => {
    if (open) load.current(`/api/notifications?limit=${DROPDOWN_LIMIT}`)
  }, [open, unread])

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        root.current?.querySelector<HTMLButtonElement>('button')?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const notifications = list.data ?? []
  // Shown read at once; the fetcher's action then revalidates the count.
  const pendingRead = marker.formAction?.match(/\/api\/notifications\/([^/]+)\/read$/)?.[1]

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className={bellClasses}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        <Count unread={unread} />
        <UrgentCount urgent={urgent} />
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Latest notifications"
          className="z-40 rounded-lg border border-slate-200 bg-white shadow-lg max-sm:fixed max-sm:inset-x-4 max-sm:top-16 sm:absolute sm:right-0 sm:mt-2 sm:w-80"
          data-testid="notification-dropdown"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-3 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <Link to="/notifications" className="text-sm font-medium text-brand-700 hover:underline" onClick={() => setOpen(false)}>
              View all
            </Link>
          </div>
          {urgent ? (
            <Link
              to="/dispatch"
              className="block border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 hover:underline"
              onClick={() => setOpen(false)}
              data-testid="bell-urgent-waiting"
            >
              {urgentWaitingText(urgent)}
            </Link>
          ) : null}
          <div className="max-h-96 overflow-y-auto">
            {list.data === undefined ? (
              <div className="flex justify-center p-4">
                <Spinner label="Loading notifications" />
              </div>
            ) : notifications.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">No notifications yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {notifications.map((n) => {
                  const isRead = n.isRead || n.id === pendingRead
                  return (
                    <li key={n.id}>
                      <button
                        type="button"
                        className={cn('flex w-full gap-3 px-3 py-2.5 text-left text-sm hover:bg-slate-50', !isRead && 'bg-brand-50/60')}
                        onClick={() => {
                          if (!isRead) marker.submit(null, { method: 'PUT', action: `/api/notifications/${n.id}/read` })
                        }}
                        aria-label={`${n.message}${isRead ? '' : ' (unread, mark as read)'}`}
                      >
                        <NotificationIcon type={n.type} className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                        <span className="min-w-0 flex-1">
                          <span className={cn('block', !isRead && 'font-medium text-slate-900')}>{n.message}</span>
                          <span className="block text-xs text-slate-500">{timeAgo(n.createdAt)}</span>
                        </span>
                        {!isRead ? <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" /> : null}
                      </button>
                    </li>
                  )
                })}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </div>
  )
}
