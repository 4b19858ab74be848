// Notifications for an organisation's managers: what happened (a scan, a request, a delivery) and
// whether each of them has looked at it yet.
import type { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { readNow, sqlDate, sqlWithin, writeTogether, type Sql } from '~/lib/sql.server'
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

/**
 * A notification under an id the caller derives (a scan batch's), stored once however often it is
 * offered; answers whether it was new. Not announced on the live stream, as scans never were.
 */
export function notifyOrganisationOnceIn(sql: Sql, orgId: string, id: string, n: Pick<NewNotification, 'type' | 'message' | 'propertyId'>, at: Date) {
  return (
    sql.run(
      'INSERT OR IGNORE INTO Notification (id, organisationId, type, message, propertyId, isRead, createdAt) VALUES (?, ?, ?, ?, ?, 0, ?)',
      id,
      orgId,
      n.type,
      n.message,
      n.propertyId ?? null,
      sqlDate(at),
    ).changes === 1
  )
}

// Read state is each person's own (decision 071): a notification is read for someone when it is no
// newer than their "read up to" mark (their last Mark All Read) or they marked it on its own. The
// mark keeps the unread count bounded by what arrived since, so it stays one cheap statement.
const visible = (n: string) => `${n}.organisationId = ? AND (${n}.userId IS NULL OR ${n}.userId = ?)`
const unread = (n: string) => `${n}.createdAt > COALESCE((SELECT w.readUpTo FROM NotificationsReadUpTo w WHERE w.userId = ? AND w.organisationId = ?), '')
  AND NOT EXISTS (SELECT 1 FROM NotificationRead r WHERE r.userId = ? AND r.notificationId = ${n}.id)`
const VISIBLE = visible('n')
const UNREAD = unread('n')
const visibleParams = (orgId: string, userId: string) => [orgId, userId]
const unreadParams = (orgId: string, userId: string) => [userId, orgId, userId]

/** This person's unread notifications in this organisation. */
export async function countUnread(orgId: string, userId: string): Promise<number> {
  return (await unreadCounts(orgId, userId)).count
}

/** The new-request notification of an urgent request starts so (request intake); the bell plays its own sound for it. */
export const URGENT_PREFIX = 'URGENT: '

// Every manager page's header and the bell's poll ask this. After a crowd at a building's door (a
// scan is a notification) it counts tens of thousands of rows, ~15 ms on every view; it changes only
// with a write (a new notification, or this person reading), so it is kept until the next one.
const unreadKept = reusedUntilWrite<{ count: number; urgent: number }>()

/** The unread count and how many of them are urgent requests, in one statement, for the bell's poll. */
export async function unreadCounts(orgId: string, userId: string): Promise<{ count: number; urgent: number }> {
  return unreadKept(`${orgId}|${userId}`, async () => {
    const row = await readNow((sql) =>
      sql.one<{ n: number; u: number | null }>(
        `SELECT COUNT(*) AS n, SUM(n.type = 'new_request' AND n.message LIKE 'URGENT: %') AS u FROM Notification n WHERE ${VISIBLE} AND ${UNREAD}`,
        ...visibleParams(orgId, userId),
        ...unreadParams(orgId, userId),
      ),
    )
    return { count: row?.n ?? 0, urgent: Number(row?.u ?? 0) }
  })
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

type NotificationRow = Omit<NotificationView, 'isRead' | 'createdAt'> & { isRead: number; createdAt: string }

/** The view's columns, this person's read state among them (parameters: unreadParams). */
const COLUMNS = 'n.id, n.userId, n.type, n.message, n.propertyId, n.requestId, n.assignmentId, n.imageUrl, n.createdAt'
const VIEW_COLUMNS = `${COLUMNS}, CASE WHEN ${UNREAD} THEN 0 ELSE 1 END AS isRead`

const viewOf = (row: NotificationRow): NotificationView => ({ ...row, isRead: row.isRead === 1, createdAt: new Date(row.createdAt) })

export const NOTIFICATION_LIMIT = 100

/** Newest first, at most `limit` (a busy organisation gathers thousands; nobody reads past the first). */
export async function listNotifications(
  orgId: string,
  userId: string,
  options: { isRead?: boolean; limit?: number } = {},
): Promise<NotificationView[]> {
  if (options.isRead === true) return listReadNotifications(orgId, userId, options.limit)
  const only = options.isRead === false ? `AND ${UNREAD}` : ''
  const onlyParams = options.isRead === false ? unreadParams(orgId, userId) : []
  const rows = await readNow((sql) =>
    sql.all<NotificationRow>(
      `SELECT ${VIEW_COLUMNS} FROM Notification n WHERE ${VISIBLE} ${only}
      ORDER BY n.createdAt DESC, n.id DESC LIMIT ?`,
      ...unreadParams(orgId, userId),
      ...visibleParams(orgId, userId),
      ...onlyParams,
      Math.min(Math.max(options.limit ?? NOTIFICATION_LIMIT, 1), 500),
    ),
  )
  return rows.map(viewOf)
}

/**
 * The read ones, newest first. Read means no newer than the person's "read up to" mark, or marked on
 * its own: two seeks, one down the organisation's dates from the mark, one through the person's own
 * marks. Filtering the newest by read state instead walked every unread one first, tens of
 * thousands after a crowd at the door (a scan is a notification).
 */
async function listReadNotifications(orgId: string, userId: string, limit = NOTIFICATION_LIMIT): Promise<NotificationView[]> {
  const take = Math.min(Math.max(limit, 1), 500)
  const mark = `COALESCE((SELECT w.readUpTo FROM NotificationsReadUpTo w WHERE w.userId = ? AND w.organisationId = ?), '')`
  const columns = `${COLUMNS}, 1 AS isRead`
  const rows = await readNow((sql) =>
    sql.all<NotificationRow>(
      `SELECT * FROM (SELECT ${columns} FROM Notification n WHERE ${VISIBLE} AND n.createdAt <= ${mark} ORDER BY n.createdAt DESC, n.id DESC LIMIT ?)
      UNION ALL
      SELECT * FROM (SELECT ${columns} FROM NotificationRead r JOIN Notification n ON n.id = r.notificationId
        WHERE r.userId = ? AND ${VISIBLE} AND n.createdAt > ${mark})
      ORDER BY createdAt DESC, id DESC LIMIT ?`,
      ...visibleParams(orgId, userId),
      userId,
      orgId,
      take,
      userId,
      ...visibleParams(orgId, userId),
      userId,
      orgId,
      take,
    ),
  )
  return rows.map(viewOf)
}

// Everything a person can see walks one index entry per notification (100,000 at scale, ~4 ms) on
// every view and every 5 s poll of the page, and changes only with a write (decision 102). The
// organisation's and their own are two ranges of the (organisationId, userId) index, counted apart:
// one range with a per-entry test of userId took half as long again.
const visibleTotals = reusedUntilWrite<number>()

function countVisible(orgId: string, userId: string) {
  return visibleTotals(`${orgId}|${userId}`, async () => {
    const row = await readNow((sql) =>
      sql.one<{ n: number }>(
        `SELECT (SELECT COUNT(*) FROM Notification n WHERE n.organisationId = ? AND n.userId IS NULL)
          + (SELECT COUNT(*) FROM Notification n WHERE n.organisationId = ? AND n.userId = ?) AS n`,
        orgId,
        orgId,
        userId,
      ),
    )
    return row?.n ?? 0
  })
}

/** The notifications page: both groups with their full counts. */
export async function notificationGroups(orgId: string, userId: string) {
  const [unread, read, unreadCount, total] = await Promise.all([
    listNotifications(orgId, userId, { isRead: false }),
    listNotifications(orgId, userId, { isRead: true }),
    countUnread(orgId, userId),
    countVisible(orgId, userId),
  ])
  return { unread, read, unreadCount, readCount: total - unreadCount }
}

async function findVisible(orgId: string, userId: string, id: string) {
  const found = await db.notification.findFirst({ where: { organisationId: orgId, OR: [{ userId: null }, { userId }], id }, select: { id: true } })
  if (!found) throw new NotFound('Notification not found')
  return found.id
}

/** Read for this person only; a teammate still sees it unread. */
export async function markNotificationRead(orgId: string, userId: string, id: string): Promise<NotificationView> {
  const notificationId = await findVisible(orgId, userId, id)
  await writeTogether((sql) => {
    sql.run('INSERT INTO NotificationRead (userId, notificationId, readAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', userId, notificationId, sqlDate(new Date()))
    // Reading the oldest unread one moves the mark up to the next unread: the count keeps starting there.
    sql.run(
      `INSERT INTO NotificationsReadUpTo (userId, organisationId, readUpTo)
      SELECT ?, ?, upTo FROM (
        SELECT MAX(n.createdAt) AS upTo FROM Notification n
        WHERE ${VISIBLE} AND n.createdAt < COALESCE((SELECT MIN(u.createdAt) FROM Notification u WHERE ${visible('u')} AND ${unread('u')}), '9999')
      ) WHERE upTo IS NOT NULL
      ON CONFLICT (userId, organisationId) DO UPDATE SET readUpTo = MAX(readUpTo, excluded.readUpTo)`,
      userId,
      orgId,
      ...visibleParams(orgId, userId),
      ...visibleParams(orgId, userId),
      ...unreadParams(orgId, userId),
    )
    forgetReadsUnderTheMark(sql, orgId, userId)
  })
  const row = await readNow((sql) => sql.one<NotificationRow>(`SELECT ${VIEW_COLUMNS} FROM Notification n WHERE n.id = ?`, ...unreadParams(orgId, userId), notificationId))
  return viewOf(row!)
}

/** Moves this person's "read up to" mark to the newest notification they can see; the count is how many that read. */
export async function markAllNotificationsRead(orgId: string, userId: string) {
  return writeTogether((sql) => {
    const count = sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM Notification n WHERE ${VISIBLE} AND ${UNREAD}`, ...visibleParams(orgId, userId), ...unreadParams(orgId, userId))?.n ?? 0
    if (count === 0) return { count }
    sql.run(
      `INSERT INTO NotificationsReadUpTo (userId, organisationId, readUpTo)
      SELECT ?, ?, newest FROM (SELECT MAX(n.createdAt) AS newest FROM Notification n WHERE ${VISIBLE}) WHERE newest IS NOT NULL
      ON CONFLICT (userId, organisationId) DO UPDATE SET readUpTo = MAX(readUpTo, excluded.readUpTo)`,
      userId,
      orgId,
      ...visibleParams(orgId, userId),
    )
    forgetReadsUnderTheMark(sql, orgId, userId)
    return { count }
  })
}

/** Single reads the mark now covers say nothing more. */
function forgetReadsUnderTheMark(sql: Sql, orgId: string, userId: string) {
  sql.run(
    `DELETE FROM NotificationRead WHERE userId = ? AND notificationId IN (
      SELECT n.id FROM Notification n WHERE n.organisationId = ? AND n.createdAt <= (SELECT readUpTo FROM NotificationsReadUpTo WHERE userId = ? AND organisationId = ?))`,
    userId,
    orgId,
    userId,
    orgId,
  )
}

/** Gone for the whole organisation: a notification is the organisation's record, read state is each person's. */
export async function deleteNotification(orgId: string, userId: string, id: string): Promise<void> {
  const notificationId = await findVisible(orgId, userId, id)
  await db.notification.delete({ where: { id: notificationId } })
}

/**
 * Texts every manager of the organisation who turned SMS notifications on and gave a number.
 * Sent after the request is stored and never fails it: a text is a courtesy, the list is the record.
 */
export async function textManagersWhoAskedForSms(orgId: string, messages: string[]) {
  // After every group of vendor requests: a kept statement, not the ORM's ~1 ms (decision 063).
  const managers = await readNow((sql) =>
    sql.all<{ smsPhone: string }>(
      'SELECT s.smsPhone FROM UserSettings s JOIN Membership m ON m.userId = s.userId WHERE m.organisationId = ? AND s.smsNotifications = 1 AND s.smsPhone IS NOT NULL',
      orgId,
    ),
  )
  // Several messages (requests written together) go out in their order, each to every manager at once.
  const outcomes = []
  for (const text of messages) {
    outcomes.push(...(await Promise.all(managers.map((m) => sendSms(m.smsPhone, text).catch(() => 'failed' as const)))))
  }
  return outcomes
}
