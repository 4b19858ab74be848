// Group commit for incoming requests (decision 043). When a building of vendors submits in the same
// minute, each request used to be its own write transaction of ~15 statements, and the database
// client's per-statement cost (compile, prepare, map) capped intake near 60 a second. Requests that
// arrive while a write is under way now wait for the next one and are written together: one
// transaction, a fixed number of statements however many requests it carries. Every request keeps
// its own checks and its own answer (one vendor's unavailable product refuses only that vendor);
// order numbers are given in arrival order. The group's statements are plain SQL kept prepared
// (decision 063): through the ORM they cost ~1 ms of CPU each, which capped intake near 250 a second.
import type { ProductRequest } from '@prisma/client'
import { Invalid, NotFound } from '~/lib/errors'
import { sql as kysely } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { compiledForRows, compiledOnce } from '~/lib/sql-once.server'
import { writeTogether, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { giveHandoverCodeIn } from './handover.server'
import { recordActivityIn } from '~/areas/outbox/activity-event.server'
import { notifyOrganisationIn } from '~/areas/outbox/notification.server'
import { textManagersWhoAskedForSms } from '~/areas/outbox/manager-texts.server'
import { REQUEST_MESSAGES, type RequestSource, type ValidRequestInput } from '~/areas/requests/request-input.schema'
import { takeOrderNumbersIn } from '~/areas/organisation/sequence.server'
import { webhookDeliveriesIn } from '~/areas/integrations/webhook.server'
import { detailsForWebhook, detailsToColumns, NO_DETAILS, type RequestDetails } from './request-details.server'
import { historyEntry } from './request-status.server'

/**
 * Something only one request may ever have (a standing order's slot), taken in the transaction that
 * writes the request: false when it is taken already, and then no request is made. Writes nothing
 * else, and never awaits (the transaction cannot stay open across an await).
 */
export type Claim = (sql: Sql, requestId: string) => boolean

/** The request was not made: its claim was taken by another (another scheduler, another machine). */
export class ClaimTaken extends Error {
  constructor() {
    super('Already made')
    this.name = 'ClaimTaken'
  }
}

/** `orgId` null: a vendor at a QR code, whose request belongs to the property's organisation. */
export type QueuedRequest = { orgId: string | null; valid: ValidRequestInput; details?: RequestDetails; source: RequestSource; language?: string; note?: string; claim?: Claim }
type Created = { request: ProductRequest; trackingToken: string; handoverCode: string | null }
type Waiting = QueuedRequest & { resolve: (created: Created) => void; reject: (err: unknown) => void; refusal?: Error }

/** Enough to amortise a transaction, few enough that none holds the write lock for long. */
const MAX_BATCH = 50

const queue: Waiting[] = []
let writing = false

/** Stores the request with the next ones that arrive meanwhile (request-intake's createRequest is its only caller). */
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

type Accepted = Waiting & {
  orgId: string
  id: string
  propertyName: string
  names: Map<string, string>
  trackingToken: string
}

async function writeBatch(batch: Waiting[]) {
  let made: Made[] = []
  try {
    made = await writeTogether((sql) => insertAll(sql, checkAgainstCatalog(sql, batch)))
  } catch (err) {
    // Not a vendor's mistake (those are answered one by one): nothing of the batch was stored.
    for (const item of batch) item.reject(item.refusal ?? err)
    return
  }
  // Refused requests were answered by the check; they are not waiting for the rest of the group.
  for (const item of batch) if (item.refusal) item.reject(item.refusal)
  void Promise.all(
    groupByOrg(made, (one) => one.item.orgId).map(async ([orgId, ones]) => {
      // Sent after the write and never failing it; one look-up of who asked per organisation.
      await textManagersWhoAskedForSms(
        orgId,
        ones.map(({ item, request }) => `Stockrun: new request ${request.orderNumber} from ${request.vendorName} at ${item.propertyName}.`),
      ).catch(() => null)
      for (const { item, request, handoverCode } of ones) item.resolve({ request, trackingToken: item.trackingToken, handoverCode })
    }),
  ).catch((err) => {
    // Stored, but the answer could not be made: say so rather than leave the vendor waiting.
    for (const { item } of made) item.reject(err)
  })
}

function groupByOrg<T>(items: T[], orgOf: (item: T) => string) {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(orgOf(item), [...(groups.get(orgOf(item)) ?? []), item])
  return [...groups]
}

// The group's statements, compiled once (decision 125): each submission runs them all.
const propertyToCheck = compiledOnce((p: { id: string }) =>
  tables.selectFrom('Property').select(['id', 'organisationId', 'name', 'isActive', 'qrCodeActive']).where('id', '=', p.id),
)

/** The product's name when it is active, this organisation's and assigned to the property; no row otherwise. */
const offeredProduct = compiledOnce((p: { orgId: string; propertyId: string; productId: string }) =>
  tables
    .selectFrom('PropertyProduct as pp')
    .innerJoin('Product as p', 'p.id', 'pp.productId')
    .select('p.name')
    .where('pp.propertyId', '=', p.propertyId)
    .where('pp.productId', '=', p.productId)
    .where('p.organisationId', '=', p.orgId)
    .where('p.isActive', '=', kysely.lit(1)),
)

const insertRequest = compiledOnce((r: ProductRequest) =>
  tables.insertInto('ProductRequest').values({
    id: r.id,
    organisationId: r.organisationId,
    orderNumber: r.orderNumber,
    propertyId: r.propertyId,
    vendorName: r.vendorName,
    status: r.status,
    notes: r.notes,
    language: r.language,
    trackingTokenHash: r.trackingTokenHash,
    urgent: r.urgent,
    neededBy: r.neededBy,
    fieldAnswers: r.fieldAnswers,
    photos: r.photos,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  } satisfies Record<keyof ProductRequest, unknown>),
)

type Line = { id: string; organisationId: string; requestId: string; productId: string; productName: string; quantity: number }
/** The group's order lines, many to a statement. */
const insertLines = compiledForRows((lines: Line[]) =>
  tables.insertInto('RequestItem').values(
    lines.map((l) => ({ id: l.id, organisationId: l.organisationId, requestId: l.requestId, productId: l.productId, productName: l.productName, quantity: l.quantity })),
  ),
)

/** The catalogue's rules, then the claim if any: one look-up per property and per product asked for there. */
function checkAgainstCatalog(sql: Sql, batch: Waiting[]): Accepted[] {
  const properties = new Map<string, { id: string; organisationId: string; name: string; isActive: number; qrCodeActive: number } | undefined>()
  const offered = new Map<string, string | null>()
  const propertyOf = (id: string) => {
    if (!properties.has(id)) properties.set(id, sql.one(propertyToCheck({ id })))
    return properties.get(id)
  }
  const offeredName = (orgId: string, propertyId: string, productId: string) => {
    const key = `${propertyId}\n${productId}`
    if (!offered.has(key)) offered.set(key, sql.one(offeredProduct({ orgId, propertyId, productId }))?.name ?? null)
    return offered.get(key)
  }
  const accepted: Accepted[] = []
  for (const item of batch) {
    const property = propertyOf(item.valid.propertyId)
    const offeredToVendors = property && property.isActive === 1 && property.qrCodeActive === 1
    if (!property || (item.orgId !== null && property.organisationId !== item.orgId) || (item.source === 'vendor' && !offeredToVendors)) {
      item.refusal = new NotFound(REQUEST_MESSAGES.propertyNotFound)
      continue
    }
    const orgId = property.organisationId
    const names = new Map<string, string>()
    const fieldErrors: Record<string, string[]> = {}
    item.valid.requestedProducts.forEach((line, i) => {
      const name = offeredName(orgId, property.id, line.productId)
      if (name === null || name === undefined) fieldErrors[`requestedProducts.${i}.productId`] = [REQUEST_MESSAGES.unavailableProduct]
      else names.set(line.productId, name)
    })
    if (Object.keys(fieldErrors).length > 0) {
      item.refusal = new Invalid(REQUEST_MESSAGES.unavailableProduct, fieldErrors)
      continue
    }
    const id = newRowId()
    // After the checks, so a refused request leaves its claim free (a standing order then spends it with the reason).
    if (item.claim && !claimFor(sql, item, id)) continue
    accepted.push({
      ...item,
      orgId,
      id,
      propertyName: property.name,
      names,
      trackingToken: newToken(),
    })
  }
  return accepted
}

/** One request's claim failing refuses that request only, never the others written with it. */
function claimFor(sql: Sql, item: Waiting, requestId: string) {
  try {
    if (item.claim!(sql, requestId)) return true
    item.refusal = new ClaimTaken()
  } catch (err) {
    item.refusal = err instanceof Error ? err : new Error(String(err))
  }
  return false
}

type Made = { item: Accepted; request: ProductRequest; handoverCode: string | null }

/** Under the statement's `most` (100) and SQLite's 32,766 parameters, and few texts to keep per row count. */
const LINES_A_STATEMENT = 50

/** Every row a request brings. */
function insertAll(sql: Sql, accepted: Accepted[]): Made[] {
  const orderNumbers = new Map<string, string>()
  for (const [orgId, items] of groupByOrg(accepted, (item) => item.orgId)) {
    const numbers = takeOrderNumbersIn(sql, orgId, items.length)
    items.forEach((item, i) => orderNumbers.set(item.id, numbers[i]!))
  }
  // One timestamp for the batch, stored as the ORM stores dates.
  const now = new Date()
  const lines: Line[] = []
  const made = accepted.map((item) => {
    const details = detailsToColumns(item.details ?? NO_DETAILS)
    const request: ProductRequest = {
      id: item.id,
      organisationId: item.orgId,
      orderNumber: orderNumbers.get(item.id)!,
      propertyId: item.valid.propertyId,
      vendorName: item.valid.vendorName,
      status: 'pending',
      notes: item.valid.notes ?? null,
      language: item.language ?? null,
      trackingTokenHash: hashToken(item.trackingToken),
      ...details,
      createdAt: now,
      updatedAt: now,
    }
    sql.run(insertRequest(request))
    for (const line of item.valid.requestedProducts) {
      lines.push({ id: newRowId(), organisationId: item.orgId, requestId: item.id, productId: line.productId, productName: item.names.get(line.productId)!, quantity: line.quantity })
    }
    const note = item.note ?? (item.source === 'vendor' ? 'Sent by the vendor' : 'Entered by a manager')
    sql.run(historyEntry(item.id, 'pending', note, now))
    // Only a vendor sees their tracking page, so only their requests get a code to show at the door.
    const handoverCode = item.source === 'vendor' ? giveHandoverCodeIn(sql, item.id, item.trackingToken) : null
    // The live updates' order: each request, then its notification.
    recordActivityIn(sql, item.orgId, 'request.created', item.id)
    notifyOrganisationIn(sql, item.orgId, {
      type: 'new_request',
      // An urgent request says so first, and the bell plays its own sound for it (issue 29).
      message: `${details.urgent ? 'URGENT: ' : ''}New request ${request.orderNumber} from ${item.valid.vendorName} at ${item.propertyName}`,
      propertyId: item.valid.propertyId,
      requestId: item.id,
    })
    return { item, request, handoverCode }
  })
  for (let from = 0; from < lines.length; from += LINES_A_STATEMENT) sql.run(insertLines(lines.slice(from, from + LINES_A_STATEMENT)))
  for (const [orgId, items] of groupByOrg(accepted, (item) => item.orgId)) {
    webhookDeliveriesIn(
      sql,
      orgId,
      'request.created',
      items.map((item) => ({
        request: { id: item.id, orderNumber: orderNumbers.get(item.id), status: 'pending', vendorName: item.valid.vendorName, propertyId: item.valid.propertyId, source: item.source, ...detailsForWebhook(item.details ?? NO_DETAILS) },
      })),
    )
  }
  return made
}
