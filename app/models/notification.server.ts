// Notifications for an organisation's managers: what happened (a scan, a request, a delivery) and
// whether someone has looked at it yet.
import type { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { readNow, sqlDate, sqlWithin, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { sendSms } from '~/services/sms.server'
import { NotFound } from '~/lib/errors'
import { recordActivityIn } from './activity-event.server'

export type NotificationType = 'qr_scan' | 'new_request' | 'other'

export type NewNotification = {
  type: NotificationType
  message: string
  propertyId?: string | null
  requestId?: string | null
  assignmentId?: string | null
  imageUrl?: string | null
  /** Only this manager sees it; by default every manager of the organisation does. */
  userId?: string | null
}

/** Records a notification for the organisation; pass `tx` to make it part of the caller's write. */
export async function notifyOrganisation(orgId: string, notification: NewNotification, tx: Prisma.TransactionClient = db) {
  notifyOrganisationIn(await sqlWithin(tx), orgId, notification)
}

/** The same, inside a plain-SQL transaction (lib/sql.server.ts): two kept statements (decision 063). */
export function notifyOrganisationIn(sql: Sql, orgId: string, n: NewNotification) {
  const id = newRowId()
  sql.run(
    'INSERT INTO Notification (id, organisationId, userId, type, message, propertyId, requestId, assignmentId, imageUrl, isRead, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
    id,
    orgId,
    n.userId ?? null,
    n.type,
    n.message,
    n.propertyId ?? null,
    n.requestId ?? null,
    n.assignmentId ?? null,
    n.imageUrl ?? null,
    sqlDate(new Date()),
  )
  recordActivityIn(sql, orgId, 'notification.created', id)
}

/** What a manager sees: the organisation's notifications for everyone, and those addressed to them. */
function visibleTo(orgId: string, userId?: string): Prisma.NotificationWhereInput {
  return userId ? { organisationId: orgId, OR: [{ userId: null }, { userId }] } : { organisationId: orgId }
}

/** Unread notifications; with `userId`, only those that manager can see. */
export async function countUnread(orgId: string, userId?: string): Promise<number> {
  // Every manager page's header and the bell's poll ask this: a kept statement, not an ORM count
  // compiled afresh each time (decision 068). The same rule as visibleTo.
  const row = await readNow((sql) =>
    userId
      ? sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM Notification WHERE organisationId = ? AND isRead = 0 AND (userId IS NULL OR userId = ?)', orgId, userId)
      : sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM Notification WHERE organisationId = ? AND isRead = 0', orgId),
  )
  return row?.n ?? 0
}

export type NotificationView = {
  id: string
  userId: string | null
  type: string
  message: string
  propertyId: string | null
  requestId: string | null
  assignmentId: string | null
  imageUrl: string | null
  isRead: boolean
  createdAt: Date
}

const VIEW = {
  id: true,
  userId: true,
  type: true,
  message: true,
  propertyId: true,
  requestId: true,
  assignmentId: true,
  imageUrl: true,
  isRead: true,
  createdAt: true,
} satisfies Prisma.NotificationSelect

export const NOTIFICATION_LIMIT = 100

/** Newest first, at most `limit` (a busy organisation gathers thousands; nobody reads past the first). */
export function listNotifications(
  orgId: string,
  userId: string,
  options: { isRead?: boolean; limit?: number } = {},
): Promise<NotificationView[]> {
  return db.notification.findMany({
    where: { ...visibleTo(orgId, userId), ...(options.isRead === undefined ? {} : { isRead: options.isRead }) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(options.limit ?? NOTIFICATION_LIMIT, 1), 500),
    select: VIEW,
  })
}

/** The notifications page: both groups with their full counts. */
export async function notificationGroups(orgId: string, userId: string) {
  const [unread, read, unreadCount, readCount] = await Promise.all([
    listNotifications(orgId, userId, { isRead: false }),
    listNotifications(orgId, userId, { isRead: true }),
    countUnread(orgId, userId),
    db.notification.count({ where: { ...visibleTo(orgId, userId), isRead: true } }),
  ])
  return { unread, read, unreadCount, readCount }
}

async function findVisible(orgId: string, userId: string, id: string) {
  const found = await db.notification.findFirst({ where: { ...visibleTo(orgId, userId), id }, select: { id: true } })
  if (!found) throw new NotFound('Notification not found')
  return found.id
}

export async function markNotificationRead(orgId: string, userId: string, id: string): Promise<NotificationView> {
  const notificationId = await findVisible(orgId, userId, id)
  return db.notification.update({ where: { id: notificationId }, data: { isRead: true }, select: VIEW })
}

export async function markAllNotificationsRead(orgId: string, userId: string) {
  const { count } = await db.notification.updateMany({ where: { ...visibleTo(orgId, userId), isRead: false }, data: { isRead: true } })
  return { count }
}

export async function deleteNotification(orgId: string, userId: string, id: string): Promise<void> {
  const notificationId = await findVisible(orgId, userId, id)
  await db.notification.delete({ where: { id: notificationId } })
}

/**
 * Texts every manager of the organisation who turned SMS notifications on and gave a number.
 * Sent after the request is stored and never fails it: a text is a courtesy, the list is the record.
 */
export async function textManagersWhoAskedForSms(orgId: string, message: string | string[]) {
  // After every group of vendor requests: a kept statement, not the ORM's ~1 ms (decision 063).
  const managers = await readNow((sql) =>
    sql.all<{ smsPhone: string }>(
      'SELECT s.smsPhone FROM UserSettings s JOIN Membership m ON m.userId = s.userId WHERE m.organisationId = ? AND s.smsNotifications = 1 AND s.smsPhone IS NOT NULL',
      orgId,
    ),
  )
  // Several messages (requests written together) go out in their order, each to every manager at once.
  const outcomes = []
  for (const text of typeof message === 'string' ? [message] : message) {
    outcomes.push(...(await Promise.all(managers.map((m) => sendSms(m.smsPhone, text).catch(() => 'failed' as const)))))
  }
  return outcomes
}
