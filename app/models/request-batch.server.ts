// Group commit for incoming requests (decision 043). When a building of vendors submits in the same
// minute, each request used to be its own write transaction of ~15 statements, and the database
// client's per-statement cost (compile, prepare, map) capped intake near 60 a second. Requests that
// arrive while a write is under way now wait for the next one and are written together: one
// transaction, a fixed number of statements however many requests it carries. Every request keeps
// its own checks and its own answer (one vendor's unavailable product refuses only that vendor);
// order numbers are given in arrival order.
import crypto from 'node:crypto'
import type { Prisma, ProductRequest } from '@prisma/client'
import { db } from '~/lib/db.server'
import { Invalid, NotFound } from '~/lib/errors'
import { hashToken, newToken } from '~/lib/tokens.server'
import { handoverCodeRow } from './handover.server'
import { textManagersWhoAskedForSms } from './notification.server'
import { REQUEST_MESSAGES, type RequestSource, type ValidRequestInput } from './request-intake.server'
import { webhookDeliveryRows } from './webhook.server'

export type QueuedRequest = { orgId: string; valid: ValidRequestInput; source: RequestSource; language?: string; note?: string }
type Created = { request: ProductRequest; trackingToken: string; handoverCode: string | null }
type Waiting = QueuedRequest & { resolve: (created: Created) => void; reject: (err: unknown) => void }

/** Enough to amortise a transaction, few enough to keep every statement well under SQLite's variable limit. */
const MAX_BATCH = 50

const queue: Waiting[] = []
let writing = false

/** Stores the request with the next ones that arrive meanwhile; answers as createRequest does. */
export function queueRequest(item: QueuedRequest): Promise<Created> {
  return new Promise((resolve, reject) => {
    queue.push({ ...item, resolve, reject })
    if (writing) return
    writing = true
    // One turn of the event loop lets the requests already read off the sockets join the first batch.
    setImmediate(() => void drain())
  })
}

async function drain() {
  try {
    // The next group's transaction starts as soon as this one commits; the texts and answers of the
    // committed group go on meanwhile.
    while (queue.length > 0) await writeBatch(queue.splice(0, MAX_BATCH))
  } finally {
    writing = false
  }
}

type Accepted = Waiting & { id: string; propertyName: string; names: Map<string, string>; trackingToken: string; notificationId: string }

async function writeBatch(batch: Waiting[]) {
  let accepted: Accepted[] = []
  let rows: ProductRequest[] = []
  try {
    rows = await db.$transaction(async (tx) => {
      accepted = await checkAgainstCatalog(tx, batch)
      if (accepted.length === 0) return []
      return insertAll(tx, accepted)
    })
  } catch (err) {
    // Not a vendor's mistake (those are answered one by one above): nothing of the batch was stored.
    for (const item of batch) item.reject(err)
    return
  }
  const byId = new Map(rows.map((r) => [r.id, r]))
  void Promise.all(
    groupByOrg(accepted).map(async ([orgId, items]) => {
      const made = items.map((item) => ({ item, request: byId.get(item.id)! }))
      // Sent after the write and never failing it, as for a single request; one look-up of who asked per organisation.
      await textManagersWhoAskedForSms(
        orgId,
        made.map(({ item, request }) => `Stockrun: new request ${request.orderNumber} from ${request.vendorName} at ${item.propertyName}.`),
      ).catch(() => null)
      for (const { item, request } of made) {
        const handoverCode = item.source === 'vendor' ? handoverCodeRow(request.id, item.trackingToken).code : null
        item.resolve({ request, trackingToken: item.trackingToken, handoverCode })
      }
    }),
  ).catch((err) => {
    // Stored, but the answer could not be made: say so rather than leave the vendor waiting.
    for (const item of accepted) item.reject(err)
  })
}

function groupByOrg<T extends { orgId: string }>(items: T[]) {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(item.orgId, [...(groups.get(item.orgId) ?? []), item])
  return [...groups]
}

/** The same rules as a single request (request-intake), read for the whole batch in two queries. */
async function checkAgainstCatalog(tx: Prisma.TransactionClient, batch: Waiting[]): Promise<Accepted[]> {
  // A building of vendors asks at one property for the same few products: one condition per property, not per request.
  const asked = new Map<string, { orgId: string; propertyId: string; productIds: Set<string> }>()
  for (const b of batch) {
    const key = `${b.orgId}\n${b.valid.propertyId}`
    const entry = asked.get(key) ?? { orgId: b.orgId, propertyId: b.valid.propertyId, productIds: new Set<string>() }
    for (const line of b.valid.requestedProducts) entry.productIds.add(line.productId)
    asked.set(key, entry)
  }
  const places = [...asked.values()]
  const properties = await tx.property.findMany({
    where: { OR: places.map((a) => ({ id: a.propertyId, organisationId: a.orgId })) },
    select: { id: true, organisationId: true, name: true, isActive: true, qrCodeActive: true },
  })
  const propertyOf = new Map(properties.map((p) => [`${p.organisationId}\n${p.id}`, p]))
  const offered = await tx.propertyProduct.findMany({
    where: {
      OR: places.map((a) => ({
        propertyId: a.propertyId,
        productId: { in: [...a.productIds] },
        product: { organisationId: a.orgId, isActive: true },
      })),
    },
    select: { propertyId: true, product: { select: { id: true, name: true, organisationId: true } } },
  })
  const accepted: Accepted[] = []
  for (const item of batch) {
    const property = propertyOf.get(`${item.orgId}\n${item.valid.propertyId}`)
    if (!property || (item.source === 'vendor' && !(property.isActive && property.qrCodeActive))) {
      item.reject(new NotFound(REQUEST_MESSAGES.propertyNotFound))
      continue
    }
    const names = new Map(
      offered.filter((o) => o.propertyId === property.id && o.product.organisationId === item.orgId).map(({ product }) => [product.id, product.name]),
    )
    const fieldErrors: Record<string, string[]> = {}
    item.valid.requestedProducts.forEach((line, i) => {
      if (!names.has(line.productId)) fieldErrors[`requestedProducts.${i}.productId`] = [REQUEST_MESSAGES.unavailableProduct]
    })
    if (Object.keys(fieldErrors).length > 0) {
      item.reject(new Invalid(REQUEST_MESSAGES.unavailableProduct, fieldErrors))
      continue
    }
    accepted.push({ ...item, id: crypto.randomUUID(), propertyName: property.name, names, trackingToken: newToken(), notificationId: crypto.randomUUID() })
  }
  return accepted
}

/** Every row a request brings (see createRequest for the single-request version), a statement per table. */
async function insertAll(tx: Prisma.TransactionClient, accepted: Accepted[]) {
  const orderNumbers = new Map<string, string>()
  for (const [orgId, items] of groupByOrg(accepted)) {
    const { value } = await tx.sequence.upsert({
      where: { organisationId_name: { organisationId: orgId, name: 'order' } },
      create: { organisationId: orgId, name: 'order', value: items.length },
      update: { value: { increment: items.length } },
    })
    items.forEach((item, i) => orderNumbers.set(item.id, `ORD-${String(value - items.length + 1 + i).padStart(6, '0')}`))
  }
  // One timestamp for the batch: Prisma's default would give each row its own, in the same millisecond or so.
  const now = new Date()
  const requests = await tx.productRequest.createManyAndReturn({
    data: accepted.map((item) => ({
      id: item.id,
      organisationId: item.orgId,
      orderNumber: orderNumbers.get(item.id)!,
      propertyId: item.valid.propertyId,
      vendorName: item.valid.vendorName,
      notes: item.valid.notes,
      status: 'pending',
      language: item.language ?? null,
      trackingTokenHash: hashToken(item.trackingToken),
      createdAt: now,
      updatedAt: now,
    })),
  })
  await tx.requestItem.createMany({
    data: accepted.flatMap((item) =>
      item.valid.requestedProducts.map((line) => ({
        organisationId: item.orgId,
        requestId: item.id,
        productId: line.productId,
        productName: item.names.get(line.productId)!,
        quantity: line.quantity,
      })),
    ),
  })
  await tx.requestStatusChange.createMany({
    data: accepted.map((item) => ({
      requestId: item.id,
      status: 'pending',
      note: item.note ?? (item.source === 'vendor' ? 'Sent by the vendor' : 'Entered by a manager'),
      createdAt: now,
    })),
  })
  const vendors = accepted.filter((item) => item.source === 'vendor')
  if (vendors.length > 0) await tx.handoverCode.createMany({ data: vendors.map((item) => handoverCodeRow(item.id, item.trackingToken).row) })
  await tx.notification.createMany({
    data: accepted.map((item) => ({
      id: item.notificationId,
      organisationId: item.orgId,
      type: 'new_request',
      message: `New request ${orderNumbers.get(item.id)} from ${item.valid.vendorName} at ${item.propertyName}`,
      propertyId: item.valid.propertyId,
      requestId: item.id,
      createdAt: now,
    })),
  })
  // The live updates' order is that of single requests: each request, then its notification.
  await tx.activityEvent.createMany({
    data: accepted.flatMap((item) => [
      { organisationId: item.orgId, type: 'request.created', subjectId: item.id },
      { organisationId: item.orgId, type: 'notification.created', subjectId: item.notificationId },
    ]),
  })
  const deliveries = []
  for (const [orgId, items] of groupByOrg(accepted)) {
    deliveries.push(
      ...(await webhookDeliveryRows(
        tx,
        orgId,
        'request.created',
        items.map((item) => ({
          request: { id: item.id, orderNumber: orderNumbers.get(item.id), status: 'pending', vendorName: item.valid.vendorName, propertyId: item.valid.propertyId, source: item.source },
        })),
      )),
    )
  }
  if (deliveries.length > 0) await tx.webhookDelivery.createMany({ data: deliveries })
  return requests
}
