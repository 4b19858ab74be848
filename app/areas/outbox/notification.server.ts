// Notifications for an organisation's managers: what happened (a scan, a request, a delivery) and
// whether each of them has looked at it yet.
import type { Prisma } from '@prisma/client'
import { sql as fragment, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely'
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { tables, type Tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { readNow, sqlWithin, writeTogether, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
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
    insertNotification({
      id,
      organisationId: orgId,
      userId: n.userId ?? null,
      type: n.type,
      message: n.message,
      propertyId: n.propertyId ?? null,
      requestId: n.requestId ?? null,
      assignmentId: n.assignmentId ?? null,
      imageUrl: n.imageUrl ?? null,
      createdAt: new Date(),
    }),
  )
  recordActivityIn(sql, orgId, 'notification.created', id)
}

type NotificationRow = {
  id: string
  organisationId: string
  userId: string | null
  type: NotificationType
  message: string
  propertyId: string | null
  requestId: string | null
  assignmentId: string | null
  imageUrl: string | null
  createdAt: Date
}
// Compiled once (decision 125): every request made writes one.
const insertNotification = compiledOnce((n: NotificationRow) =>
  tables.insertInto('Notification').values({
    id: n.id,
    organisationId: n.organisationId,
    userId: n.userId,
    type: n.type,
    message: n.message,
    propertyId: n.propertyId,
    requestId: n.requestId,
    assignmentId: n.assignmentId,
    imageUrl: n.imageUrl,
    isRead: false,
    createdAt: n.createdAt,
  }),
)

/**
 * A notification under an id the caller derives (a scan batch's), stored once however often it is
 * offered; answers whether it was new. Not announced on the live stream, as scans never were.
 */
export function notifyOrganisationOnceIn(sql: Sql, orgId: string, id: string, n: Pick<NewNotification, 'type' | 'message' | 'propertyId'>, at: Date) {
  return sql.run(insertNotificationOnce({ id, organisationId: orgId, type: n.type, message: n.message, propertyId: n.propertyId ?? null, createdAt: at })).changes === 1
}

// Compiled once (decision 125): a crowd scanning at the door writes one per scan.
const insertNotificationOnce = compiledOnce((n: Pick<NotificationRow, 'id' | 'organisationId' | 'type' | 'message' | 'propertyId' | 'createdAt'>) =>
  tables
    .insertInto('Notification')
    .orIgnore()
    .values({ id: n.id, organisationId: n.organisationId, type: n.type, message: n.message, propertyId: n.propertyId, isRead: false, createdAt: n.createdAt }),
)

// Read state is each person's own (decision 071): a notification is read for someone when it is no
// newer than their "read up to" mark (their last Mark All Read) or they marked it on its own. The
// mark keeps the unread count bounded by what arrived since, so it stays one cheap statement.
// Every statement here calls the notification `n` (a statement with two names it in an inner query
// again, which SQLite reads as the inner one), so these conditions serve them all.
type InN = ExpressionBuilder<Tables & { n: Tables['Notification'] }, 'n'>
type Person = { orgId: string; userId: string }

/** The organisation's notifications and this person's own. */
const visible = (eb: InN, { orgId, userId }: Person) => eb.and([eb('n.organisationId', '=', orgId), eb.or([eb('n.userId', 'is', null), eb('n.userId', '=', userId)])])

/** This person's "read up to" mark, or '' (before everything) without one. */
const markOf = (eb: InN, { orgId, userId }: Person) =>
  eb.fn.coalesce(eb.selectFrom('NotificationsReadUpTo as w').select('w.readUpTo').where('w.userId', '=', userId).where('w.organisationId', '=', orgId), eb.val(''))

const unread = (eb: InN, person: Person) =>
  eb.and([
    eb('n.createdAt', '>', markOf(eb, person)),
    eb.not(eb.exists(eb.selectFrom('NotificationRead as r').select(fragment.lit(1).as('one')).where('r.userId', '=', person.userId).whereRef('r.notificationId', '=', 'n.id'))),
  ])

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
  const person = { orgId, userId }
  return unreadKept(`${orgId}|${userId}`, async () => {
    const row = await readNow((sql) =>
      sql.one(
        tables
          .selectFrom('Notification as n')
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number | null>(eb.and([eb('n.type', '=', 'new_request'), eb('n.message', 'like', `${URGENT_PREFIX}%`)])).as('u'),
          ])
          .where((eb) => eb.and([visible(eb, person), unread(eb, person)])),
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

const COLUMNS = ['n.id', 'n.userId', 'n.type', 'n.message', 'n.propertyId', 'n.requestId', 'n.assignmentId', 'n.imageUrl', 'n.createdAt'] as const

/** The view's columns, this person's read state among them. */
function viewColumns(person: Person) {
  return tables
    .selectFrom('Notification as n')
    .select(COLUMNS)
    .select((eb) => eb.case().when(unread(eb, person)).then(0).else(1).end().as('isRead'))
}

const viewOf = (row: Omit<NotificationView, 'isRead' | 'createdAt'> & { isRead: number; createdAt: string }): NotificationView => ({
  ...row,
  isRead: row.isRead === 1,
  createdAt: new Date(row.createdAt),
})

export const NOTIFICATION_LIMIT = 100

/** Newest first, at most `limit` (a busy organisation gathers thousands; nobody reads past the first). */
export async function listNotifications(
  orgId: string,
  userId: string,
  options: { isRead?: boolean; limit?: number } = {},
): Promise<NotificationView[]> {
  if (options.isRead === true) return listReadNotifications(orgId, userId, options.limit)
  const person = { orgId, userId }
  const rows = await readNow((sql) =>
    sql.all(
      viewColumns(person)
        .where((eb) => (options.isRead === false ? eb.and([visible(eb, person), unread(eb, person)]) : visible(eb, person)))
        .orderBy('n.createdAt', 'desc')
        .orderBy('n.id', 'desc')
        .limit(Math.min(Math.max(options.limit ?? NOTIFICATION_LIMIT, 1), 500)),
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
  const person = { orgId, userId }
  const upToTheMark = tables
    .selectFrom('Notification as n')
    .select(COLUMNS)
    .select(fragment.lit(1).as('isRead'))
    .where((eb) => eb.and([visible(eb, person), eb('n.createdAt', '<=', markOf(eb, person))]))
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(take)
  const markedOnTheirOwn = tables
    .selectFrom('NotificationRead as r')
    .innerJoin('Notification as n', 'n.id', 'r.notificationId')
    .select(COLUMNS)
    .select(fragment.lit(1).as('isRead'))
    .where('r.userId', '=', userId)
    .where((eb) => eb.and([visible(eb, person), eb('n.createdAt', '>', markOf(eb, person))]))
  const rows = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom(upToTheMark.as('m'))
        .selectAll()
        .unionAll(tables.selectFrom(markedOnTheirOwn.as('o')).selectAll())
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(take),
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
      sql.one(
        tables.selectNoFrom((eb) =>
          eb(
            eb.selectFrom('Notification as n').select((c) => c.fn.countAll<number>().as('n')).where('n.organisationId', '=', orgId).where('n.userId', 'is', null),
            '+',
            eb.selectFrom('Notification as n').select((c) => c.fn.countAll<number>().as('n')).where('n.organisationId', '=', orgId).where('n.userId', '=', userId),
          ).as('n'),
        ),
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
  const person = { orgId, userId }
  const found = await readNow((sql) => sql.one(tables.selectFrom('Notification as n').select('n.id').where('n.id', '=', id).where((eb) => visible(eb, person))))
  if (!found) throw new NotFound('Notification not found')
  return found.id
}

/** A one-row select of a notification's time (`upTo`), where a person's mark moves to. */
type MarkQuery = SelectQueryBuilder<Tables & { n: Tables['Notification'] }, 'n', { upTo: string | null }>

/** A later mark never moves back. */
const keepLaterMark = (eb: ExpressionBuilder<Tables & { excluded: Tables['NotificationsReadUpTo'] }, 'NotificationsReadUpTo' | 'excluded'>) => ({
  // Typed as the column is written (a Date); SQLite compares the stored texts.
  readUpTo: eb.fn<Date>('max', ['NotificationsReadUpTo.readUpTo', 'excluded.readUpTo']),
})

/** Read for this person only; a teammate still sees it unread. */
export async function markNotificationRead(orgId: string, userId: string, id: string): Promise<NotificationView> {
  const notificationId = await findVisible(orgId, userId, id)
  const person = { orgId, userId }
  await writeTogether((sql) => {
    sql.run(tables.insertInto('NotificationRead').values({ userId, notificationId, readAt: new Date() }).onConflict((oc) => oc.doNothing()))
    // Reading the oldest unread one moves the mark up to the next unread: the count keeps starting there.
    const upTo = tables
      .selectFrom('Notification as n')
      .select((eb) => eb.fn.max('n.createdAt').as('upTo'))
      .where((eb) =>
        eb.and([
          visible(eb, person),
          eb(
            'n.createdAt',
            '<',
            eb.fn.coalesce(
              eb
                .selectFrom('Notification as n')
                .select((u) => u.fn.min('n.createdAt').as('oldest'))
                .where((u) => u.and([visible(u, person), unread(u, person)])),
              eb.val('9999'),
            ),
          ),
        ]),
      )
    moveReadMark(sql, person, upTo)
  })
  const row = await readNow((sql) => sql.one(viewColumns(person).where('n.id', '=', notificationId)))
  return viewOf(row!)
}

/** Moves this person's "read up to" mark to the newest notification they can see; the count is how many that read. */
export async function markAllNotificationsRead(orgId: string, userId: string) {
  const person = { orgId, userId }
  return writeTogether((sql) => {
    const count =
      sql.one(
        tables
          .selectFrom('Notification as n')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where((eb) => eb.and([visible(eb, person), unread(eb, person)])),
      )?.n ?? 0
    if (count === 0) return { count }
    const newest = tables
      .selectFrom('Notification as n')
      .select((eb) => eb.fn.max('n.createdAt').as('upTo'))
      .where((eb) => visible(eb, person))
    moveReadMark(sql, person, newest)
    return { count }
  })
}

/**
 * Moves this person's "read up to" mark to the time `upTo` selects (nothing when it selects none;
 * never back, keepLaterMark), and forgets the single reads it now covers.
 */
function moveReadMark(sql: Sql, { orgId, userId }: Person, upTo: MarkQuery) {
  sql.run(
    tables
      .insertInto('NotificationsReadUpTo')
      .columns(['userId', 'organisationId', 'readUpTo'])
      .expression(
        tables
          .selectFrom(upTo.as('m'))
          .select((eb) => [eb.val(userId).as('userId'), eb.val(orgId).as('organisationId'), 'm.upTo'])
          // The WHERE also tells SQLite the ON CONFLICT below is the upsert's, not a join's.
          .where('m.upTo', 'is not', null),
      )
      .onConflict((oc) => oc.columns(['userId', 'organisationId']).doUpdateSet(keepLaterMark)),
  )
  forgetReadsUnderTheMark(sql, orgId, userId)
}

/** Single reads the mark now covers say nothing more. */
function forgetReadsUnderTheMark(sql: Sql, orgId: string, userId: string) {
  sql.run(
    tables
      .deleteFrom('NotificationRead')
      .where('userId', '=', userId)
      .where('notificationId', 'in', (eb) =>
        eb
          .selectFrom('Notification as n')
          .select('n.id')
          .where('n.organisationId', '=', orgId)
          .where('n.createdAt', '<=', (w) =>
            w.selectFrom('NotificationsReadUpTo as w').select('w.readUpTo').where('w.userId', '=', userId).where('w.organisationId', '=', orgId),
          ),
      ),
  )
}

/** Gone for the whole organisation: a notification is the organisation's record, read state is each person's (their marks go with it). */
export async function deleteNotification(orgId: string, userId: string, id: string): Promise<void> {
  const notificationId = await findVisible(orgId, userId, id)
  await writeTogether((sql) => sql.run(tables.deleteFrom('Notification').where('id', '=', notificationId)))
}
