// Standing orders: a request that repeats (every day, week or month at a local time), as managers
// make, list and delete them. Making each occurrence's request when it comes due is
// standing-order-runs.server.ts.
import type { StandingOrder } from '@prisma/client'
import { db } from '~/lib/db.server'
import { Invalid, NotFound } from '~/lib/errors'
import { nextOccurrence, type Recurrence } from '~/lib/schedule'
import type { StandingOrderFields } from '~/areas/requests/standing-order.schema'

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
