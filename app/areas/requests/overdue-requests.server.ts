// Overdue alerts (issue 30): an organisation may say that a request pending longer than N minutes is
// overdue (off by default). Pages flag such requests from what they already read (status and age),
// so a page view never writes. The one notification and one `request.overdue` webhook event per
// request come from a primary-only job, which records each alert so it is never sent twice.
import { sql } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { readNow, sqlDate, writeTogether } from '~/lib/sql.server'
import { recordActivityIn } from '~/areas/outbox/activity-event.server'
import { notifyOrganisationIn } from '~/areas/outbox/notification.server'
import { webhookDetailsIn } from './request-details.server'
import { getRunSettings } from '~/areas/organisation/organisation-settings.server'
import { webhookDeliveriesIn } from '~/areas/integrations/webhook.server'

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
  const query = tables
    .selectFrom('ProductRequest')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisationId', '=', orgId)
    .where('status', '=', sql.lit('pending'))
    .where('createdAt', '<', sqlDate(cutoff))
  const row = await readNow((db) => db.one(query))
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
  const query = tables
    .selectFrom('OrganisationSettings as s')
    .crossJoin('ProductRequest as r')
    .whereRef('r.organisationId', '=', 's.organisationId')
    .where('r.status', '=', sql.lit('pending'))
    .where((eb) => {
      const limit = eb(eb(sql.lit('-'), '||', eb.ref('s.overdueAfterMinutes').$castTo<string>()), '||', sql.lit(' minutes'))
      return eb('r.createdAt', '<', eb.fn<string>('strftime', [sql.lit('%Y-%m-%dT%H:%M:%f+00:00'), eb.val(now.toISOString()), limit]))
    })
    .select(['r.id', 'r.organisationId', 'r.orderNumber', 'r.createdAt', 's.overdueAfterMinutes'])
    .where('s.overdueAfterMinutes', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('OverdueAlert as o').select(sql.lit(1).as('one')).whereRef('o.requestId', '=', 'r.id'))))
    .orderBy('r.createdAt')
    .limit(BATCH)
  const due = (await readNow((db) => db.all(query))).map((r) => ({ ...r, overdueAfterMinutes: r.overdueAfterMinutes! }))
  if (due.length === 0) return 0
  return writeTogether((db) => {
    let alerted = 0
    const details = webhookDetailsIn(
      db,
      due.map((r) => r.id),
    )
    for (const r of due) {
      // The unique requestId: a second machine or round that raced here alerts nothing more.
      const added = db.run(tables.insertInto('OverdueAlert').orIgnore().values({ requestId: r.id, organisationId: r.organisationId, alertedAt: now })).changes
      if (!added) continue
      alerted++
      const minutes = Math.floor((now.getTime() - new Date(r.createdAt).getTime()) / 60_000)
      notifyOrganisationIn(db, r.organisationId, { type: 'other', message: `${r.orderNumber} is overdue: pending for ${minutes} minutes`, requestId: r.id })
      webhookDeliveriesIn(db, r.organisationId, 'request.overdue', [
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
      recordActivityIn(db, r.organisationId, 'request.updated', r.id)
    }
    return alerted
  })
}
