// The Dispatch page's lists, a page at a time (decision 056). At 100,000 requests an organisation
// has thousands of orders waiting and thousands of deliveries under way; rendering and sending 500
// of each for hydration was most of the page's time, and a dispatcher works from the top of both.
import { Prisma } from '@prisma/client'
import { detailsFromColumns, type DetailAndPropertyColumns } from './request-details.server'
import { db } from '~/lib/db.server'
import { readRows } from '~/lib/sql.server'

export type CurrentAssignmentLine = {
  id: string
  status: string
  smsStatus: string
  assignedAt: Date
  runner: { name: string }
  request: { orderNumber: string; property: { name: string } | null }
}

type LineRow = {
  id: string
  status: string
  smsStatus: string
  assignedAt: Date | string
  runnerName: string
  orderNumber: string
  propertyName: string | null
}

// The predicate is RunnerAssignment_open_idx's, word for word and with literal statuses: SQLite uses
// a partial index only when it can prove the query's WHERE implies the index's, and a bound
// parameter proves nothing. Walking that index in (assignedAt, id) order, the page is its first
// rows; with Prisma's bound `NOT IN (?, ?)` SQLite read every assignment and sorted the open ones.
// INDEXED BY because, without statistics (a new database), SQLite would count through the
// (organisationId, status) index instead: every assignment the organisation ever had.
const OPEN = Prisma.raw(`a."status" NOT IN ('delivered', 'cancelled')`)

/**
 * Current Assignments, oldest first: what the card shows of the first `limit` assignments not yet
 * delivered or cancelled, in one statement, and how many there are in all.
 */
export async function currentAssignmentsPage(orgId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.$queryRaw<LineRow[]>`
      SELECT a."id", a."status", a."smsStatus", a."assignedAt", u."name" AS "runnerName",
             r."orderNumber", p."name" AS "propertyName"
      FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_idx"
      JOIN "Runner" u ON u."id" = a."runnerId"
      JOIN "ProductRequest" r ON r."id" = a."requestId"
      LEFT JOIN "Property" p ON p."id" = r."propertyId"
      WHERE a."organisationId" = ${orgId} AND ${OPEN}
      ORDER BY a."assignedAt", a."id"
      LIMIT ${limit}`,
    db.$queryRaw<Array<{ n: bigint | number }>>`
      SELECT COUNT(*) AS n FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_idx" WHERE a."organisationId" = ${orgId} AND ${OPEN}`,
  ])
  const lines: CurrentAssignmentLine[] = rows.map((row) => ({
    id: row.id,
    status: row.status,
    smsStatus: row.smsStatus,
    assignedAt: new Date(row.assignedAt),
    runner: { name: row.runnerName },
    request: { orderNumber: row.orderNumber, property: row.propertyName === null ? null : { name: row.propertyName } },
  }))
  return { lines, total: Number(total?.n ?? 0) }
}

type OpenAssignmentRow = DetailAndPropertyColumns & {
  id: string
  requestId: string
  runnerId: string
  status: string
  notes: string | null
  smsStatus: string
  assignedAt: string
  deliveredAt: string | null
  updatedAt: string
  runnerName: string
  runnerPhone: string
  orderNumber: string
  vendorName: string
  requestStatus: string
  requestNotes: string | null
  proofId: string | null
  proofImageUrl: string | null
  proofThumbnailUrl: string | null
  proofNotes: string | null
  proofSubmittedAt: string | null
}

/** A request's line with its catalogue product as the dispatch reads return it (also when assigning). */
export type ItemWithProductRow = {
  productId: string | null
  productName: string
  quantity: number
  hasProduct: number
  category: string | null
  imageUrl: string | null
  thumbnailUrl: string | null
  imageAlt: string | null
}
type OpenItemRow = ItemWithProductRow & { requestId: string }

/**
 * The oldest `limit` open assignments in full (runner, request, property, items and their products,
 * proof), in order, through the same index: the API's Current Assignments. Two kept statements
 * (decision 102): through the ORM's includes it was a statement per relation, each compiled afresh
 * with the page's ids, and converting 500 assignments' rows cost most of the answer's ~45 ms. Items come in the order the ORM gave them
 * (the requestId index, i.e. as the vendor listed them).
 */
export async function openAssignmentsInFull(orgId: string, limit: number) {
  const rows = await readRows<OpenAssignmentRow>(Prisma.sql`
    SELECT a."id", a."requestId", a."runnerId", a."status", a."notes", a."smsStatus", a."assignedAt", a."deliveredAt", a."updatedAt",
           u."name" AS "runnerName", u."phone" AS "runnerPhone",
           r."orderNumber", r."vendorName", r."status" AS "requestStatus", r."notes" AS "requestNotes",
           r."urgent", r."neededBy", r."fieldAnswers", r."photos",
           p."id" AS "pId", p."name" AS "pName", p."address" AS "pAddress",
           f."id" AS "proofId", f."imageUrl" AS "proofImageUrl", f."thumbnailUrl" AS "proofThumbnailUrl",
           f."notes" AS "proofNotes", f."submittedAt" AS "proofSubmittedAt"
    FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_idx"
    JOIN "Runner" u ON u."id" = a."runnerId"
    JOIN "ProductRequest" r ON r."id" = a."requestId"
    LEFT JOIN "Property" p ON p."id" = r."propertyId"
    LEFT JOIN "DeliveryProof" f ON f."assignmentId" = a."id"
    WHERE a."organisationId" = ${orgId} AND ${OPEN}
    ORDER BY a."assignedAt", a."id"
    LIMIT ${limit}`)
  if (rows.length === 0) return []
  // One statement whatever the page's length: the request ids go in as one JSON list.
  const items = await readRows<OpenItemRow>(Prisma.sql`
    SELECT i."requestId", i."productId", i."productName", i."quantity", pr."id" IS NOT NULL AS "hasProduct",
           pr."category", pr."imageUrl", pr."thumbnailUrl", pr."imageAlt"
    FROM json_each(${JSON.stringify(rows.map((row) => row.requestId))}) page
    JOIN "RequestItem" i ON i."requestId" = page."value"
    LEFT JOIN "Product" pr ON pr."id" = i."productId"
    ORDER BY i."requestId", i.rowid`)
  const itemsOf = new Map<string, ReturnType<typeof itemWithProduct>[]>()
  for (const item of items) {
    const list = itemsOf.get(item.requestId)
    if (list) list.push(itemWithProduct(item))
    else itemsOf.set(item.requestId, [itemWithProduct(item)])
  }
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId,
    runnerId: row.runnerId,
    status: row.status,
    notes: row.notes,
    smsStatus: row.smsStatus,
    assignedAt: new Date(row.assignedAt),
    deliveredAt: row.deliveredAt === null ? null : new Date(row.deliveredAt),
    updatedAt: new Date(row.updatedAt),
    runner: { id: row.runnerId, name: row.runnerName, phone: row.runnerPhone },
    request: {
      id: row.requestId,
      orderNumber: row.orderNumber,
      vendorName: row.vendorName,
      status: row.requestStatus,
      notes: row.requestNotes,
      urgent: row.urgent === 1,
      neededBy: row.neededBy === null ? null : new Date(row.neededBy),
      fieldAnswers: row.fieldAnswers,
      photos: row.photos,
      property: row.pId === null ? null : { id: row.pId, name: row.pName!, address: row.pAddress! },
      items: itemsOf.get(row.requestId) ?? [],
    },
    proof:
      row.proofId === null
        ? null
        : {
            id: row.proofId,
            imageUrl: row.proofImageUrl!,
            thumbnailUrl: row.proofThumbnailUrl,
            notes: row.proofNotes,
            submittedAt: new Date(row.proofSubmittedAt!),
          },
  }))
}

/** A line as the assignment views show it, its product's picture and category when it is still in the catalogue. */
export function itemWithProduct(item: ItemWithProductRow) {
  return {
    productId: item.productId,
    productName: item.productName,
    quantity: Number(item.quantity),
    product: item.hasProduct ? { category: item.category, imageUrl: item.imageUrl, thumbnailUrl: item.thumbnailUrl, imageAlt: item.imageAlt } : null,
  }
}

type QueueRow = Omit<DetailAndPropertyColumns, 'urgent'> & {
  id: string
  orderNumber: string
  propertyId: string | null
  vendorName: string
  status: string
  notes: string | null
  createdAt: Date | string
  urgent: number | boolean
}

/**
 * The dispatch queue: pending requests that no open assignment covers, urgent ones first, then by
 * the time they are needed by, then oldest first (issue 29), with their
 * property and products (the page's first rows, or the API's 500). Plain SQL, two statements: the
 * ORM's findMany with its includes was three, and compiled each with the page's ids inlined afresh
 * on every view (~22 ms for the API's 500, ~5 ms in SQLite).
 */
export async function dispatchQueue(orgId: string, take = 500) {
  // INDEXED BY: the Requests list's urgent-order index (newest last) starts alike, and with some
  // statistics SQLite took it and sorted its tail instead of reading this one in order (issue 34).
  const rows = await db.$queryRaw<QueueRow[]>`
    SELECT r."id", r."orderNumber", r."propertyId", r."vendorName", r."status", r."notes", r."createdAt",
           r."urgent", r."neededBy", r."fieldAnswers", r."photos",
           p."id" AS "pId", p."name" AS "pName", p."address" AS "pAddress"
    FROM "ProductRequest" r INDEXED BY "ProductRequest_dispatch_order_idx" LEFT JOIN "Property" p ON p."id" = r."propertyId"
    WHERE r."organisationId" = ${orgId} AND r."status" = 'pending'
      AND NOT EXISTS (SELECT 1 FROM "RunnerAssignment" covering WHERE covering."requestId" = r."id" AND covering."status" NOT IN ('delivered', 'cancelled'))
    ORDER BY r."urgent" DESC, r."neededBy" IS NULL, r."neededBy", r."createdAt", r."id"
    LIMIT ${take}`
  const products = await productsOf(rows.map((r) => r.id))
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    propertyId: r.propertyId,
    vendorName: r.vendorName,
    status: r.status,
    notes: r.notes,
    createdAt: new Date(r.createdAt),
    property: r.pId === null ? null : { id: r.pId, name: r.pName!, address: r.pAddress! },
    requestedProducts: products.get(r.id) ?? [],
    ...detailsFromColumns(r),
  }))
}

/** Each request's products in the order the vendor listed them (rowid order). */
async function productsOf(requestIds: string[]) {
  const byRequest = new Map<string, Array<{ productId: string | null; name: string; quantity: number }>>()
  if (requestIds.length === 0) return byRequest
  const items = await db.$queryRaw<Array<{ requestId: string; productId: string | null; productName: string; quantity: number | bigint }>>`
    SELECT "requestId", "productId", "productName", "quantity" FROM "RequestItem"
    WHERE "requestId" IN (${Prisma.join(requestIds)}) ORDER BY "requestId", rowid`
  for (const item of items) {
    const list = byRequest.get(item.requestId) ?? []
    list.push({ productId: item.productId, name: item.productName, quantity: Number(item.quantity) })
    byRequest.set(item.requestId, list)
  }
  return byRequest
}

/**
 * How many orders wait for a runner, exactly, without asking each pending request about its
 * assignments (the queue's NOT EXISTS: ~25,000 probes and row reads at 100,000 requests). All
 * pending requests, counted inside their index, less the pending ones an open assignment covers:
 * the open assignments' request ids from one partial index, each checked against the pending
 * requests' partial index, no table row read (migration pending_orders_count_indexes). A request
 * has at most one open assignment (assignRunner refuses a second); DISTINCT keeps it exact anyway.
 * Both partial indexes are named and their predicates written out with literals, as OPEN above.
 */
export async function pendingOrdersCount(orgId: string) {
  const [row] = await db.$queryRaw<Array<{ n: bigint | number }>>`
    SELECT
      (SELECT COUNT(*) FROM "ProductRequest" r WHERE r."organisationId" = ${orgId} AND r."status" = 'pending')
      - (SELECT COUNT(DISTINCT a."requestId") FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_request_idx"
         JOIN "ProductRequest" covered INDEXED BY "ProductRequest_pending_idx" ON covered."id" = a."requestId" AND covered."status" = 'pending'
         WHERE a."organisationId" = ${orgId} AND ${OPEN}) AS n`
  return Number(row?.n ?? 0)
}

/** Dispatch's Pending Orders: the first `limit` of the queue, and how many wait in all. */
export async function pendingOrdersPage(orgId: string, limit: number) {
  const [orders, total] = await Promise.all([dispatchQueue(orgId, limit), pendingOrdersCount(orgId)])
  return { orders, total }
}
