// The Dispatch page's lists, a page at a time (decision 056). At 100,000 requests an organisation
// has thousands of orders waiting and thousands of deliveries under way; rendering and sending 500
// of each for hydration was most of the page's time, and a dispatcher works from the top of both.
import { sql as fragment } from 'kysely'
import { detailsFromColumns } from '~/areas/requests/request-details.server'
import { tables, withIndexes } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'

export type CurrentAssignmentLine = {
  id: string
  status: string
  smsStatus: string
  assignedAt: Date
  runner: { name: string }
  request: { orderNumber: string; property: { name: string } | null }
}

// The predicate is RunnerAssignment_open_idx's, word for word and with literal statuses: SQLite uses
// a partial index only when it can prove the query's WHERE implies the index's, and a bound
// parameter proves nothing. Walking that index in (assignedAt, id) order, the page is its first
// rows; with Prisma's bound `NOT IN (?, ?)` SQLite read every assignment and sorted the open ones.
// INDEXED BY because, without statistics (a new database), SQLite would count through the
// (organisationId, status) index instead: every assignment the organisation ever had.
/** The statuses an assignment is done in, as literals: `.where('a.status', 'not in', CLOSED)` is the open indexes' predicate. */
export const CLOSED = [fragment.lit('delivered'), fragment.lit('cancelled')]

/** The organisation's open assignments (alias `a`), through their partial index in (assignedAt, id) order. */
function openAssignments(orgId: string) {
  return tables.selectFrom('RunnerAssignment as a').where('a.organisationId', '=', orgId).where('a.status', 'not in', CLOSED)
}

/**
 * Current Assignments, oldest first: what the card shows of the first `limit` assignments not yet
 * delivered or cancelled, in one statement, and how many there are in all.
 */
export async function currentAssignmentsPage(orgId: string, limit: number) {
  const [rows, total] = await readNow((sql) => [
    sql.all(
      withIndexes(
        openAssignments(orgId)
          .innerJoin('Runner as u', 'u.id', 'a.runnerId')
          .innerJoin('ProductRequest as r', 'r.id', 'a.requestId')
          .leftJoin('Property as p', 'p.id', 'r.propertyId')
          .select(['a.id', 'a.status', 'a.smsStatus', 'a.assignedAt', 'u.name as runnerName', 'r.orderNumber', 'p.name as propertyName'])
          .orderBy('a.assignedAt')
          .orderBy('a.id')
          .limit(limit),
        { a: 'RunnerAssignment_open_idx' },
      ),
    ),
    sql.one(withIndexes(openAssignments(orgId).select((eb) => eb.fn.countAll<number>().as('n')), { a: 'RunnerAssignment_open_idx' })),
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

/** The lines of the requests listed in one JSON parameter (`page`), with their catalogue product, in the order the vendor listed them. */
export function itemsWithProductsOf(requestIdsJson: string) {
  return tables
    .selectFrom(fragment<{ value: string }>`json_each(${requestIdsJson})`.as('page'))
    .innerJoin('RequestItem as i', 'i.requestId', 'page.value')
    .leftJoin('Product as pr', 'pr.id', 'i.productId')
    .select((eb) => [
      'i.requestId',
      'i.productId',
      'i.productName',
      'i.quantity',
      eb('pr.id', 'is not', null).$castTo<number>().as('hasProduct'),
      'pr.category',
      'pr.imageUrl',
      'pr.thumbnailUrl',
      'pr.imageAlt',
    ])
    .orderBy('i.requestId')
    .orderBy(fragment.ref('i.rowid'))
}

/**
 * The oldest `limit` open assignments in full (runner, request, property, items and their products,
 * proof), in order, through the same index: the API's Current Assignments. Two kept statements
 * (decision 102): through the ORM's includes it was a statement per relation, each compiled afresh
 * with the page's ids, and converting 500 assignments' rows cost most of the answer's ~45 ms. Items come in the order the ORM gave them
 * (the requestId index, i.e. as the vendor listed them).
 */
export async function openAssignmentsInFull(orgId: string, limit: number) {
  const rows = await readNow((sql) =>
    sql.all(
      withIndexes(
        openAssignments(orgId)
          .innerJoin('Runner as u', 'u.id', 'a.runnerId')
          .innerJoin('ProductRequest as r', 'r.id', 'a.requestId')
          .leftJoin('Property as p', 'p.id', 'r.propertyId')
          .leftJoin('DeliveryProof as f', 'f.assignmentId', 'a.id')
          .select([
            'a.id',
            'a.requestId',
            'a.runnerId',
            'a.status',
            'a.notes',
            'a.smsStatus',
            'a.assignedAt',
            'a.deliveredAt',
            'a.updatedAt',
            'u.name as runnerName',
            'u.phone as runnerPhone',
            'r.orderNumber',
            'r.vendorName',
            'r.status as requestStatus',
            'r.notes as requestNotes',
            'r.urgent',
            'r.neededBy',
            'r.fieldAnswers',
            'r.photos',
            'p.id as pId',
            'p.name as pName',
            'p.address as pAddress',
            'f.id as proofId',
            'f.imageUrl as proofImageUrl',
            'f.thumbnailUrl as proofThumbnailUrl',
            'f.notes as proofNotes',
            'f.submittedAt as proofSubmittedAt',
          ])
          .orderBy('a.assignedAt')
          .orderBy('a.id')
          .limit(limit),
        { a: 'RunnerAssignment_open_idx' },
      ),
    ),
  )
  if (rows.length === 0) return []
  // One statement whatever the page's length: the request ids go in as one JSON list.
  const items = await readNow((sql) => sql.all(itemsWithProductsOf(JSON.stringify(rows.map((row) => row.requestId)))))
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

/** 'pending' as a literal: the pending requests' partial index is used only when the query says so in words. */
const PENDING = fragment.lit('pending')

/** A line as the assignment views show it, its product's picture and category when it is still in the catalogue. */
export function itemWithProduct(item: ItemWithProductRow) {
  return {
    productId: item.productId,
    productName: item.productName,
    quantity: Number(item.quantity),
    product: item.hasProduct ? { category: item.category, imageUrl: item.imageUrl, thumbnailUrl: item.thumbnailUrl, imageAlt: item.imageAlt } : null,
  }
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
  const rows = await readNow((sql) =>
    sql.all(
      withIndexes(
        tables
          .selectFrom('ProductRequest as r')
          .leftJoin('Property as p', 'p.id', 'r.propertyId')
          .select([
            'r.id',
            'r.orderNumber',
            'r.propertyId',
            'r.vendorName',
            'r.status',
            'r.notes',
            'r.createdAt',
            'r.urgent',
            'r.neededBy',
            'r.fieldAnswers',
            'r.photos',
            'p.id as pId',
            'p.name as pName',
            'p.address as pAddress',
          ])
          .where('r.organisationId', '=', orgId)
          .where('r.status', '=', PENDING)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('RunnerAssignment as covering')
                  .select(fragment.lit(1).as('one'))
                  .whereRef('covering.requestId', '=', 'r.id')
                  .where('covering.status', 'not in', CLOSED),
              ),
            ),
          )
          .orderBy('r.urgent', 'desc')
          .orderBy((eb) => eb('r.neededBy', 'is', null))
          .orderBy('r.neededBy')
          .orderBy('r.createdAt')
          .orderBy('r.id')
          .limit(take),
        { r: 'ProductRequest_dispatch_order_idx' },
      ),
    ),
  )
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
  const items = await readNow((sql) =>
    sql.all(
      tables
        .selectFrom('RequestItem')
        .select(['requestId', 'productId', 'productName', 'quantity'])
        .where('requestId', 'in', requestIds)
        .orderBy('requestId')
        .orderBy(fragment.ref('rowid')),
    ),
  )
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
export function pendingOrdersCount(orgId: string) {
  return keptPendingCounts(orgId, () => countPendingOrders(orgId))
}

// The count checks every open assignment against the pending requests: 6 ms at 6,666 open ones, on
// every view and poll of Dispatch, for a figure only a write changes (decision 056).
const keptPendingCounts = reusedUntilWrite<number>()

async function countPendingOrders(orgId: string) {
  const row = await readNow((sql) =>
    sql.one(
      withIndexes(
        tables.selectNoFrom((eb) =>
          eb(
            eb
              .selectFrom('ProductRequest as r')
              .select((c) => c.fn.countAll<number>().as('n'))
              .where('r.organisationId', '=', orgId)
              .where('r.status', '=', PENDING),
            '-',
            openAssignments(orgId)
              .innerJoin('ProductRequest as covered', (join) => join.onRef('covered.id', '=', 'a.requestId').on('covered.status', '=', PENDING))
              .select((c) => c.fn.count<number>('a.requestId').distinct().as('n')),
          ).as('n'),
        ),
        { a: 'RunnerAssignment_open_request_idx', covered: 'ProductRequest_pending_idx' },
      ),
    ),
  )
  return Number(row?.n ?? 0)
}

/** Dispatch's Pending Orders: the first `limit` of the queue, and how many wait in all. */
export async function pendingOrdersPage(orgId: string, limit: number) {
  const [orders, total] = await Promise.all([dispatchQueue(orgId, limit), pendingOrdersCount(orgId)])
  return { orders, total }
}
