// Overdue alerts (issue 30): an organisation may say that a request pending longer than N minutes is
// overdue (off by default). Pages flag such requests from what they already read (status and age),
// so a page view never writes. The one notification and one `request.overdue` webhook event per
// request come from a primary-only job, which records each alert so it is never sent twice.
import { Prisma } from '@prisma/client'
import { readRows, sqlDate, writeTogether } from '~/lib/sql.server'
import { recordActivityIn } from './activity-event.server'
import { notifyOrganisationIn } from './notification.server'
import { webhookDetailsIn } from './request-details.server'
import { getRunSettings } from './organisation-settings.server'
import { webhookDeliveriesIn } from './webhook.server'

/** The moment before which a pending request is overdue, or null when the organisation has no limit. */
export async function overdueCutoff(orgId: string, now = new Date()) {
  const { overdueAfterMinutes } = await getRunSettings(orgId)
  return overdueAfterMinutes ? new Date(now.getTime() - overdueAfterMinutes * 60_000) : null
}

/** Whether a request as a list shows it is overdue. Pure, for rows already read. */
export function isOverdue(request: { status: string; createdAt: Date | string }, cutoff: Date | null) {
  return cutoff !== null && request.status === 'pending' && new Date(request.createdAt).getTime() < cutoff.getTime()
}

/** How many pending requests are past the limit (the dashboard), counted inside the status index. */
export async function countOverdue(orgId: string, now = new Date()) {
  const cutoff = await overdueCutoff(orgId, now)
  if (!cutoff) return null
  const [row] = await readRows<{ n: number }>(Prisma.sql`
    SELECT COUNT(*) AS n FROM ProductRequest WHERE organisationId = ${orgId} AND status = 'pending' AND createdAt < ${cutoff}`)
  return Number(row?.n ?? 0)
}

const BATCH = 200

/**
 * The primary's job: every pending request past its organisation's limit and not yet alerted gets
 * one notification and one `request.overdue` event, in the transaction that records the alert.
 * Answers how many were alerted.
 */
export async function alertOverdueRequests(now = new Date()) {
  // Across organisations on purpose (a system job): each with a limit, and its requests past it.
  // CROSS JOIN keeps that order: left to choose, SQLite walked every pending request of every
  // organisation through the urgent-order index first (400 ms at 100,000, every minute).
  const due = await readRows<{ id: string; organisationId: string; orderNumber: string; createdAt: string; overdueAfterMinutes: number }>(Prisma.sql`
    SELECT r.id, r.organisationId, r.orderNumber, r.createdAt, s.overdueAfterMinutes
    FROM OrganisationSettings s
    CROSS JOIN ProductRequest r ON r.organisationId = s.organisationId AND r.status = 'pending'
      AND r.createdAt < strftime('%Y-%m-%dT%H:%M:%f+00:00', ${now.toISOString()}, '-' || s.overdueAfterMinutes || ' minutes')
    WHERE s.overdueAfterMinutes IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM OverdueAlert o WHERE o.requestId = r.id)
    ORDER BY r.createdAt LIMIT ${BATCH}`)
  if (due.length === 0) return 0
  return writeTogether((sql) => {
    let alerted = 0
    const details = webhookDetailsIn(
      sql,
      due.map((r) => r.id),
    )
    for (const r of due) {
      // The unique requestId: a second machine or round that raced here alerts nothing more.
      const added = sql.run('INSERT OR IGNORE INTO OverdueAlert (requestId, organisationId, alertedAt) VALUES (?, ?, ?)', r.id, r.organisationId, sqlDate(now)).changes
      if (!added) continue
      alerted++
      const minutes = Math.floor((now.getTime() - new Date(r.createdAt).getTime()) / 60_000)
      notifyOrganisationIn(sql, r.organisationId, { type: 'other', message: `${r.orderNumber} is overdue: pending for ${minutes} minutes`, requestId: r.id })
      webhookDeliveriesIn(sql, r.organisationId, 'request.overdue', [
        {
          request: {
            id: r.id,
            orderNumber: r.orderNumber,
            status: 'pending',
            createdAt: new Date(r.createdAt).toISOString(),
            pendingMinutes: minutes,
            overdueAfterMinutes: r.overdueAfterMinutes,
            ...details.get(r.id),
          },
        },
      ])
      recordActivityIn(sql, r.organisationId, 'request.updated', r.id)
    }
    return alerted
  })
}
