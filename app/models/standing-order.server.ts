// Standing orders: a request that repeats (every day, week or month at a local time). The scheduler
// (app/jobs/standing-orders.server.ts) makes each occurrence's request through the usual intake, so the
// usual notification fires; an occurrence is a row keyed by (order, due time), which is what makes
// it happen exactly once however many machines or restarts race for it.
import { Prisma, type StandingOrder } from '@prisma/client'
import { db } from '~/lib/db.server'
import { DomainError, Invalid, NotFound } from '~/lib/errors'
import { latestOccurrence, nextOccurrence, type Recurrence } from '~/lib/schedule'
import type { StandingOrderFields } from '~/lib/schemas/standing-order'
import { sqlDate, type Sql } from '~/lib/sql.server'
import { ClaimTaken, createRequest } from './request-intake.server'

type Line = { productId: string; quantity: number }

function present(order: StandingOrder & { property: { name: string } }, now: Date) {
  const { organisationId: _org, property, items, ...rest } = order
  return {
    ...rest,
    propertyName: property.name,
    items: JSON.parse(items) as Line[],
    nextRunAt: nextOccurrence(order as Recurrence, now),
  }
}

export type StandingOrderView = ReturnType<typeof present>

export async function createStandingOrder(orgId: string, fields: StandingOrderFields, now = new Date()): Promise<StandingOrderView> {
  const property = await db.property.findFirst({ where: { id: fields.propertyId, organisationId: orgId }, select: { id: true } })
  if (!property) throw new NotFound('Property not found')
  const offered = await db.propertyProduct.findMany({
    where: { propertyId: property.id, productId: { in: fields.items.map((i) => i.productId) }, product: { organisationId: orgId } },
    select: { productId: true },
  })
  const known = new Set(offered.map((o) => o.productId))
  const fieldErrors: Record<string, string[]> = {}
  fields.items.forEach((item, i) => {
    if (!known.has(item.productId)) fieldErrors[`items.${i}.productId`] = ['This product is not assigned to this property']
  })
  if (Object.keys(fieldErrors).length > 0) throw new Invalid('This product is not assigned to this property', fieldErrors)

  const order = await db.standingOrder.create({
    data: {
      organisationId: orgId,
      propertyId: property.id,
      vendorName: fields.vendorName,
      items: JSON.stringify(fields.items.map(({ productId, quantity }) => ({ productId, quantity }))),
      every: fields.every,
      weekday: fields.weekday,
      dayOfMonth: fields.dayOfMonth,
      time: fields.time,
      timezone: fields.timezone,
    },
    include: { property: { select: { name: true } } },
  })
  return present(order, now)
}

export async function listStandingOrders(orgId: string, now = new Date()): Promise<StandingOrderView[]> {
  const orders = await db.standingOrder.findMany({
    where: { organisationId: orgId },
    include: { property: { select: { name: true } } },
    orderBy: { createdAt: 'asc' },
  })
  return orders.map((o) => present(o, now))
}

/** One property's standing orders, for its page; another organisation's property has none. */
export async function listPropertyStandingOrders(orgId: string, propertyId: string, now = new Date()): Promise<StandingOrderView[]> {
  const orders = await db.standingOrder.findMany({
    where: { organisationId: orgId, propertyId },
    include: { property: { select: { name: true } } },
    orderBy: { createdAt: 'asc' },
  })
  return orders.map((o) => present(o, now))
}

export async function deleteStandingOrder(orgId: string, id: string): Promise<void> {
  const { count } = await db.standingOrder.deleteMany({ where: { id, organisationId: orgId } })
  if (count === 0) throw new NotFound('Standing order not found')
}

function isUniqueViolation(err: unknown) {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002'
}

/**
 * Makes the request of every standing order whose latest occurrence has not been made yet. Only the
 * latest: after a long outage one request stands for the missed ones rather than a pile of duplicates.
 * An occurrence before the order existed is never made. Answers how many requests were made.
 */
export async function runDueStandingOrders(now: Date): Promise<number> {
  const orders = await db.standingOrder.findMany({
    include: { occurrences: { orderBy: { dueAt: 'desc' }, take: 1, select: { dueAt: true } } },
  })
  let made = 0
  for (const order of orders) {
    const dueAt = latestOccurrence(order as Recurrence, now)
    if (!dueAt || dueAt < order.createdAt) continue
    const last = order.occurrences[0]?.dueAt
    if (last && last.getTime() >= dueAt.getTime()) continue
    if (await makeOccurrence(order, dueAt)) made++
  }
  return made
}

/**
 * The occurrence's row, written with the request in its transaction: the (order, due time) key lets
 * one scheduler have it, whichever process or machine comes first; a taken key makes no request.
 */
function claimOccurrence(standingOrderId: string, dueAt: Date) {
  return (sql: Sql, requestId: string) =>
    sql.run(
      'INSERT INTO StandingOrderOccurrence (standingOrderId, dueAt, requestId, createdAt) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      standingOrderId,
      sqlDate(dueAt),
      requestId,
      sqlDate(new Date()),
    ).changes === 1
}

async function makeOccurrence(order: StandingOrder, dueAt: Date): Promise<boolean> {
  const key = { standingOrderId: order.id, dueAt }
  try {
    await createRequest(
      order.organisationId,
      { propertyId: order.propertyId, vendorName: order.vendorName, requestedProducts: JSON.parse(order.items) as Line[] },
      { source: 'manager', note: 'Made by a standing order', claim: claimOccurrence(order.id, dueAt) },
    )
    return true
  } catch (err) {
    // Another machine (or this one before a restart) already made it: nothing to do.
    if (err instanceof ClaimTaken) return false
    // A product switched off or unassigned since: the occurrence is spent, and says why, rather than retried every minute.
    if (err instanceof DomainError) {
      await db.standingOrderOccurrence.create({ data: { ...key, error: err.message } }).catch((e: unknown) => {
        if (!isUniqueViolation(e)) throw e
      })
      return false
    }
    throw err
  }
}
