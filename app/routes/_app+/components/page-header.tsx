import type { ReactNode } from 'react'
import { NotificationBell } from '~/areas/outbox/components/notification-bell'

export function PageHeader({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className="flex items-center gap-2">
        {action}
        <NotificationBell />
      </div>
    </header>
  )
}
