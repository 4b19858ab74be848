// Product requests as managers see them: the list (searched and paged on the server, so 100,000 of
// them still answer quickly), one request with its history and delivery proof, status changes and
// the CSV export. Creating a request is app/models/request-intake.server.ts.
import { Prisma } from '@prisma/client'
import { z } from 'zod'
import { csvRow } from '~/lib/csv'
import { isoInZone } from '~/lib/format'
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { readNow, readRows } from '~/lib/sql.server'
import { Invalid, NotFound } from '~/lib/errors'
import { recordRequestStatus } from './request-status.server'
import { recordAudit } from './audit-log.server'
import { detailsFromColumns, type DetailAndPropertyColumns, type RequestDetailsView } from './request-details.server'
import { answeredFieldKeys } from './request-fields.server'

export const REQUEST_STATUSES = ['pending', 'in_progress', 'completed', 'archived'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]
/** Every status but archived: what a list shows unless archived ones are asked for (spec §2.4, §2.9). */
export const CURRENT_STATUSES: RequestStatus[] = ['pending', 'in_progress', 'completed']

export const RequestStatusInput = z.enum(REQUEST_STATUSES, {
  error: `Status must be one of ${REQUEST_STATUSES.join(', ')}`,
})

export type RequestView = {
  id: string
  orderNumber: string
  propertyId: string | null
  tenantId: string
  vendorName: string
  requestedProducts: Array<{ productId: string | null; quantity: number; name: string }>
  status: string
  notes: string | null
  createdAt: Date
  updatedAt: Date
  property: { id: string; name: string; address: string } | null
} & RequestDetailsView

export const PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 500

export type RequestFilter = {
  /** Which statuses to list; by default every status. */
  statuses?: readonly RequestStatus[]
  /** Case-insensitive text over request id, order number, product names, property name, vendor and notes. */
  q?: string | null
  /** Where the previous page ended (its nextCursor). */
  cursor?: string | null
  limit?: number
  /** The organisation's properties whose name matches `q`, looked up first (withMatchingProperties). */
  matchingProperties?: string[]
  /** Only urgent requests (issue 29). */
  urgent?: boolean
  /** The order (issue 34): urgent first by default. */
  sort?: RequestSort
}

/**
 * The orders a list can be read in. `urgent` (the default): urgent requests first, then the soonest
 * needed (none last), then the newest; `newest` and `oldest` by when they came in.
 */
export const REQUEST_SORTS = ['urgent', 'newest', 'oldest'] as const
export type RequestSort = (typeof REQUEST_SORTS)[number]
export const RequestSortInput = z.enum(REQUEST_SORTS, { error: `Sort must be one of ${REQUEST_SORTS.join(', ')}` })

export type RequestPage = { requests: RequestView[]; nextCursor: string | null }

// Prisma keeps DateTime in SQLite as ISO text with "+00:00"; raw comparisons must use the same text.
export function dbTime(date: Date) {
  return date.toISOString().replace('Z', '+00:00')
}

type CursorRow = { createdAt: Date; id: string; urgent: boolean; neededBy: Date | null }
type Cursor = { createdAt: string; id: string; urgent: number; neededBy: string | null }

/**
 * The keyset cursor: where the last listed request sits in the list's order, opaque to clients. By
 * date, its (createdAt, id); urgent first, also its urgency and needed-by ("u1.<ms or ->.<ms>.<id>").
 */
function encodeCursor(sort: RequestSort, request: CursorRow) {
  const at = `${request.createdAt.getTime()}.${request.id}`
  const text = sort === 'urgent' ? `u${request.urgent ? 1 : 0}.${request.neededBy ? request.neededBy.getTime() : '-'}.${at}` : at
  return Buffer.from(text).toString('base64url')
}

function decodeCursor(sort: RequestSort, cursor: string): Cursor {
  const invalid = () => new Invalid('Invalid cursor', { cursor: ['Invalid cursor'] })
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.')
  let urgent = 0
  let neededBy: string | null = null
  if (sort === 'urgent') {
    const [u, nb] = parts.splice(0, 2)
    if ((u !== 'u0' && u !== 'u1') || nb === undefined) throw invalid()
    urgent = u === 'u1' ? 1 : 0
    if (nb !== '-') {
      const ms = Number(nb)
      if (!Number.isSafeInteger(ms)) throw invalid()
      neededBy = dbTime(new Date(ms))
    }
  }
  const [ms, id, ...rest] = parts
  const time = Number(ms)
  if (rest.length || !id || !Number.isSafeInteger(time) || !/^[\w-]{1,64}$/.test(id)) throw invalid()
  return { createdAt: dbTime(new Date(time)), id, urgent, neededBy }
}

/** The ORDER BY of a sort, over the rows of `alias` (r, or the search's hits h). */
function orderBy(sort: RequestSort, alias: string) {
  const a = Prisma.raw(alias)
  if (sort === 'newest') return Prisma.sql`${a}."createdAt" DESC, ${a}."id" DESC`
  if (sort === 'oldest') return Prisma.sql`${a}."createdAt", ${a}."id"`
  // Written as the urgent-order index is (ProductRequest_urgent_order_idx), so SQLite reads it in order.
  return Prisma.sql`${a}."urgent" DESC, ${a}."neededBy" IS NULL, ${a}."neededBy", ${a}."createdAt" DESC, ${a}."id" DESC`
}

/** The rows after the cursor in a sort's order. */
function afterCursor(sort: RequestSort, after: Cursor, alias: string) {
  const a = Prisma.raw(alias)
  const sooner = Prisma.sql`(${a}."createdAt", ${a}."id") < (${after.createdAt}, ${after.id})`
  if (sort === 'newest') return sooner
  if (sort === 'oldest') return Prisma.sql`(${a}."createdAt", ${a}."id") > (${after.createdAt}, ${after.id})`
  // Plain requests with no needed-by are the list's tail and nearly all of it: a range in the index.
  // The index's "neededBy IS NULL" column is matched by the same expression compared with a value.
  if (!after.urgent && after.neededBy === null) return Prisma.sql`${a}."urgent" = 0 AND (${a}."neededBy" IS NULL) = 1 AND ${a}."neededBy" IS NULL AND ${sooner}`
  const sameUrgency =
    after.neededBy === null
      ? Prisma.sql`${a}."neededBy" IS NULL AND ${sooner}`
      : Prisma.sql`(${a}."neededBy" IS NULL OR ${a}."neededBy" > ${after.neededBy} OR (${a}."neededBy" = ${after.neededBy} AND ${sooner}))`
  return Prisma.sql`${a}."urgent" <= ${after.urgent} AND (${a}."urgent" < ${after.urgent} OR (${a}."urgent" = ${after.urgent} AND ${sameUrgency}))`
}

/**
 * LIKE folds case for ASCII only. For other letters (Ñ, Ж, É…) it also tries the term lower-cased,
 * upper-cased and capitalised, which covers how names are written in practice.
 */
function likePatterns(q: string) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`)
  const variants = new Set([escaped])
  if ([...q].some((c) => c.charCodeAt(0) > 127)) {
    const lower = escaped.toLocaleLowerCase()
    variants.add(lower).add(escaped.toLocaleUpperCase()).add(lower.charAt(0).toLocaleUpperCase() + lower.slice(1))
  }
  return [...variants].map((v) => `%${v}%`)
}

/**
 * The properties a search's term names, found before the requests are: an organisation has hundreds
 * of properties, not 100,000. Inside the search, "or at a property whose name matches" was a
 * subquery SQLite had to plan for before knowing it matched nothing; at a campus, where every
 * request is at one property, it planned a read of every request, even for a term no property has
 * (issue 27). Given the ids, a term that names no property leaves that arm out.
 */
export async function withMatchingProperties<F extends RequestFilter>(orgId: string, filter: F): Promise<F> {
  const q = filter.q?.trim()
  if (!q) return filter
  const names = Prisma.join(
    likePatterns(q).map((p) => Prisma.sql`p."name" LIKE ${p} ESCAPE '\\'`),
    ' OR ',
  )
  const rows = await readRows<{ id: string }>(Prisma.sql`SELECT p."id" FROM "Property" p WHERE p."organisationId" = ${orgId} AND (${names})`)
  return { ...filter, matchingProperties: rows.map((r) => r.id) }
}

/** "Or at one of these properties", left out when the term names none. */
function atMatchingProperties(filter: RequestFilter) {
  const ids = filter.matchingProperties ?? []
  return ids.length ? [Prisma.sql`r."propertyId" IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`] : []
}

function likeCondition(filter: RequestFilter, q: string) {
  const patterns = likePatterns(q)
  const like = (column: Prisma.Sql) =>
    Prisma.join(
      patterns.map((p) => Prisma.sql`${column} LIKE ${p} ESCAPE '\\'`),
      ' OR ',
    )
  return Prisma.sql`(${Prisma.join(
    [
      like(Prisma.sql`r."id"`),
      like(Prisma.sql`r."orderNumber"`),
      like(Prisma.sql`r."vendorName"`),
      like(Prisma.sql`r."notes"`),
      ...atMatchingProperties(filter),
      Prisma.sql`EXISTS (SELECT 1 FROM "RequestItem" i WHERE i."requestId" = r."id" AND (${like(Prisma.sql`i."productName"`)}))`,
    ],
    ' OR ',
  )})`
}

/** The trigram index needs three characters; shorter terms are matched by LIKE (decision 016). */
export const INDEXED_SEARCH_MIN = 3

function searchCondition(filter: RequestFilter, q: string) {
  if ([...q].length < INDEXED_SEARCH_MIN) return likeCondition(filter, q)
  // One FTS5 phrase is a case-insensitive substring match under the trigram tokenizer (decision 016).
  const phrase = `"${q.replace(/"/g, '""')}"`
  // Each arm is a set of rowids or ids found through an index, so SQLite unions them instead of
  // reading every request.
  return Prisma.sql`(${Prisma.join(
    [
      Prisma.sql`r.rowid IN (SELECT rowid FROM "ProductRequestSearch" WHERE "ProductRequestSearch" MATCH ${phrase})`,
      Prisma.sql`r."id" IN (SELECT i."requestId" FROM "RequestItem" i WHERE i.rowid IN (SELECT rowid FROM "RequestItemSearch" WHERE "RequestItemSearch" MATCH ${phrase}))`,
      ...atMatchingProperties(filter),
    ],
    ' OR ',
  )})`
}

function statusCondition(statuses: readonly RequestStatus[] | undefined, forListing: boolean) {
  const wanted = statuses?.length ? [...new Set(statuses)] : [...REQUEST_STATUSES]
  if (wanted.length === REQUEST_STATUSES.length) return Prisma.sql`1 = 1`
  if (wanted.length === 1) return Prisma.sql`r."status" = ${wanted[0]}`
  // Several statuses: for a page in date order, walking the (organisationId, createdAt, id) index and
  // checking the status beats merging several status ranges and sorting them, so the unary plus
  // keeps SQLite off the status index. A count is the other way round.
  const list = Prisma.join(wanted)
  return forListing ? Prisma.sql`+r."status" IN (${list})` : Prisma.sql`r."status" IN (${list})`
}

function filterConditions(orgId: string, filter: RequestFilter, forListing: boolean) {
  const conditions = [Prisma.sql`r."organisationId" = ${orgId}`, statusCondition(filter.statuses, forListing)]
  const q = filter.q?.trim()
  if (q) conditions.push(searchCondition(filter, q))
  if (filter.urgent) conditions.push(Prisma.sql`r."urgent" = 1`)
  return conditions
}

/** The SQL of one page's ids; exported so a test can check its query plan uses the indexes. */
export function pageQuery(orgId: string, filter: RequestFilter, limit: number) {
  const sort = filter.sort ?? 'urgent'
  const after = filter.cursor ? decodeCursor(sort, filter.cursor) : null
  if (sort === 'urgent') return urgentPageQuery(orgId, filter, after, limit)
  const conditions = filterConditions(orgId, filter, true)
  if (after) conditions.push(afterCursor(sort, after, 'r'))
  return Prisma.sql`
    SELECT r."id" FROM "ProductRequest" r
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY ${orderBy(sort, 'r')}
    LIMIT ${limit}`
}

/**
 * Urgent first (issue 34, decision 106). The order is one index per status
 * (ProductRequest_urgent_order_idx: organisation, status, then the order), so each status asked for
 * is read in order up to the page's length and the few rows merged: no sort of every request, and a
 * plain request's page after the first is a range in the index. A search through the full-text
 * index sorts its matches instead, as the Requests page's count already finds them all.
 */
function urgentPageQuery(orgId: string, filter: RequestFilter, after: Cursor | null, limit: number) {
  const q = filter.q?.trim() ?? ''
  const order = orderBy('urgent', 'h')
  if ([...q].length >= INDEXED_SEARCH_MIN) {
    const conditions = filterConditions(orgId, filter, false)
    return Prisma.sql`
      WITH "hits" AS MATERIALIZED (SELECT r."id", r."urgent", r."neededBy", r."createdAt" FROM "ProductRequest" r WHERE ${Prisma.join(conditions, ' AND ')})
      SELECT h."id" FROM "hits" h WHERE ${after ? afterCursor('urgent', after, 'h') : Prisma.sql`1 = 1`}
      ORDER BY ${order} LIMIT ${limit}`
  }
  const statuses = filter.statuses?.length ? [...new Set(filter.statuses)] : [...REQUEST_STATUSES]
  // After a plain request the rest are plain (urgency and needed-by fixed by the cursor's range): said
  // by date alone, or SQLite sorts that whole range instead of reading it in the index's order.
  const armOrder = after && !after.urgent && after.neededBy === null ? orderBy('newest', 'r') : orderBy('urgent', 'r')
  const arms = statuses.map((status) => {
    const conditions = filterConditions(orgId, { ...filter, statuses: [status] }, true)
    if (after) conditions.push(afterCursor('urgent', after, 'r'))
    return Prisma.sql`
      SELECT r."id", r."urgent", r."neededBy", r."createdAt" FROM "ProductRequest" r INDEXED BY "ProductRequest_urgent_order_idx"
      WHERE ${Prisma.join(conditions, ' AND ')} ORDER BY ${armOrder} LIMIT ${limit}`
  })
  if (arms.length === 1) return arms[0]!
  return Prisma.sql`
    SELECT h."id" FROM (${Prisma.join(
      arms.map((arm) => Prisma.sql`SELECT * FROM (${arm})`),
      ' UNION ALL ',
    )}) h
    ORDER BY ${order}
    LIMIT ${limit}`
}

/** The filter with the properties its search names, unless a caller looked them up already. */
function resolved<F extends RequestFilter>(orgId: string, filter: F): Promise<F> | F {
  return filter.matchingProperties ? filter : withMatchingProperties(orgId, filter)
}

/** How many rows a page holds: as asked, within 1 and MAX_PAGE_SIZE. */
function pageLimit(filter: RequestFilter) {
  return Math.min(Math.max(filter.limit ?? PAGE_SIZE, 1), MAX_PAGE_SIZE)
}

/** One page of the organisation's requests in the filter's order, with the cursor of the next page if any. */
export async function listRequests(orgId: string, filter: RequestFilter = {}): Promise<RequestPage> {
  const limit = pageLimit(filter)
  const rows = await readRows<{ id: string }>(pageQuery(orgId, await resolved(orgId, filter), limit + 1))
  const more = rows.length > limit
  const requests = await hydrate(rows.slice(0, limit).map((r) => r.id))
  const last = requests[requests.length - 1]
  return { requests, nextCursor: more && last ? encodeCursor(filter.sort ?? 'urgent', last) : null }
}

// Counting an organisation's current requests walks ~75,000 index entries at scale (~10-14 ms), on
// every view and every 10 s poll of the list; the answer changes only when something is written.
const unsearchedCounts = reusedUntilWrite<number>()

/** How many requests match, for the list's count. Without a search, reused until the next write (decision 056). */
export async function countRequests(orgId: string, filter: Omit<RequestFilter, 'cursor' | 'limit'> = {}) {
  const read = async () => {
    const conditions = filterConditions(orgId, await resolved(orgId, filter), false)
    const [row] = await db.$queryRaw<Array<{ n: bigint | number }>>`
      SELECT COUNT(*) AS n FROM "ProductRequest" r WHERE ${Prisma.join(conditions, ' AND ')}`
    return Number(row?.n ?? 0)
  }
  if (filter.q?.trim()) return read()
  const statuses = filter.statuses?.length ? [...new Set(filter.statuses)].sort().join(',') : 'every'
  return unsearchedCounts(`${orgId}|${statuses}|${filter.urgent ? 'urgent' : ''}`, read)
}

/**
 * The Requests page's list and count together. A search finds its matches once: the page and the
 * count used to run the same search twice, and a term in many product names ("Supply item 1234":
 * trigrams every item has) costs its full-text match ~7 ms each time (decision 102). Without a
 * search the page walks its index and the count is reused until a write, as before; so does a term
 * too short for the index, whose page stops at its first rows while its count reads them all.
 */
export async function listAndCountRequests(orgId: string, filter: RequestFilter = {}): Promise<RequestPage & { count: number }> {
  if ([...(filter.q?.trim() ?? '')].length < INDEXED_SEARCH_MIN) {
    const [page, count] = await Promise.all([listRequests(orgId, filter), countRequests(orgId, filter)])
    return { ...page, count }
  }
  const limit = pageLimit(filter)
  const sort = filter.sort ?? 'urgent'
  const after = filter.cursor ? decodeCursor(sort, filter.cursor) : null
  const statuses = filter.statuses?.length ? [...new Set(filter.statuses)].sort() : []
  const key = JSON.stringify([orgId, filter.q?.trim(), statuses, !!filter.urgent, sort, filter.cursor ?? null, limit])
  const rows = await searchedPages(key, () => searchedPage(orgId, filter, sort, after, limit))
  const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]))
  const requests = await hydrate(ids.slice(0, limit))
  const last = requests[requests.length - 1]
  return { requests, nextCursor: ids.length > limit && last ? encodeCursor(sort, last) : null, count: Number(rows[0]?.total ?? 0) }
}

// A term in many product names costs its full-text match ~10 ms at scale whatever the page, and the
// Requests page asks again on every 10 s poll and every page turn back: the ids and the count are
// reused until the next write (the rows themselves are read afresh, so a page never shows stale data).
const searchedPages = reusedUntilWrite<Array<{ id: string | null; total: number }>>({ most: 200 })

async function searchedPage(orgId: string, filter: RequestFilter, sort: RequestSort, after: Cursor | null, limit: number) {
  const conditions = filterConditions(orgId, await resolved(orgId, filter), false)
  // The count's conditions (its plan: each arm's matches through its index), kept once; the page is
  // their first `limit + 1` in the list's order. The count row is there even when the page is empty.
  return readRows<{ id: string | null; total: number }>(Prisma.sql`
    WITH "hits" AS MATERIALIZED (SELECT r."id", r."urgent", r."neededBy", r."createdAt" FROM "ProductRequest" r WHERE ${Prisma.join(conditions, ' AND ')})
    SELECT page."id", counted."total"
    FROM (SELECT COUNT(*) AS "total" FROM "hits") counted
    LEFT JOIN (
      SELECT h."id", h."urgent", h."neededBy", h."createdAt" FROM "hits" h
      WHERE ${after ? afterCursor(sort, after, 'h') : Prisma.sql`1 = 1`}
      ORDER BY ${orderBy(sort, 'h')} LIMIT ${limit + 1}
    ) page
    ORDER BY ${orderBy(sort, 'page')}`)
}

type HydratedRow = DetailAndPropertyColumns & {
  id: string
  orderNumber: string
  propertyId: string | null
  organisationId: string
  vendorName: string
  status: string
  notes: string | null
  // As SQLite holds them (the ORM's text form); made Dates below.
  createdAt: string
  updatedAt: string
}

/** Full views for the given ids, in the given order. */
async function hydrate(ids: string[]): Promise<RequestView[]> {
  if (ids.length === 0) return []
  // Kept statements on the ORM's connection (decision 068): through the ORM even a raw statement
  // is prepared afresh and every value converted, several milliseconds for a 200-marker map. The
  // ids go in as one JSON array, so one statement serves every page size.
  const list = JSON.stringify(ids)
  const [requests, items] = await readNow((sql) => [
    sql.all<HydratedRow>(
      `SELECT r.id, r.orderNumber, r.propertyId, r.organisationId, r.vendorName, r.status, r.notes,
              r.createdAt, r.updatedAt, r.urgent, r.neededBy, r.fieldAnswers, r.photos, p.id AS pId, p.name AS pName, p.address AS pAddress
       FROM ProductRequest r LEFT JOIN Property p ON p.id = r.propertyId
       WHERE r.id IN (SELECT value FROM json_each(?))`,
      list,
    ),
    // Rowid order is the order the vendor listed the products in; the first one names the request.
    sql.all<{ requestId: string; productId: string | null; productName: string; quantity: number }>(
      'SELECT requestId, productId, productName, quantity FROM RequestItem WHERE requestId IN (SELECT value FROM json_each(?)) ORDER BY requestId, rowid',
      list,
    ),
  ])
  const itemsOf = new Map<string, RequestView['requestedProducts']>()
  for (const item of items) {
    const list = itemsOf.get(item.requestId) ?? []
    list.push({ productId: item.productId, quantity: Number(item.quantity), name: item.productName })
    itemsOf.set(item.requestId, list)
  }
  const byId = new Map(requests.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    return [
      {
        id: r.id,
        orderNumber: r.orderNumber,
        propertyId: r.propertyId,
        tenantId: r.organisationId,
        vendorName: r.vendorName,
        requestedProducts: itemsOf.get(r.id) ?? [],
        status: r.status,
        notes: r.notes,
        createdAt: new Date(r.createdAt),
        updatedAt: new Date(r.updatedAt),
        property: r.pId === null ? null : { id: r.pId, name: r.pName!, address: r.pAddress! },
        ...detailsFromColumns(r),
      },
    ]
  })
}

async function requestIdOrThrow(orgId: string, id: string) {
  const found = await db.productRequest.findFirst({ where: { id, organisationId: orgId }, select: { id: true } })
  if (!found) throw new NotFound('Request not found')
  return found.id
}

/** One of the organisation's requests; NotFound for another organisation's or an unknown id. */
export async function findRequest(orgId: string, id: string): Promise<RequestView> {
  const [view] = await hydrate([await requestIdOrThrow(orgId, id)])
  if (!view) throw new NotFound('Request not found')
  return view
}

/**
 * A manager may set any status (spec §4); each change is kept in the request's history, which is
 * also what "completed today" counts.
 */
export async function changeRequestStatus(orgId: string, id: string, status: RequestStatus): Promise<RequestView> {
  const requestId = await requestIdOrThrow(orgId, id)
  const before = await db.productRequest.findUniqueOrThrow({ where: { id: requestId }, select: { status: true, orderNumber: true } })
  await db.$transaction((tx) => recordRequestStatus(tx, requestId, status))
  await recordAudit({ orgId, action: 'request.status_changed', target: { type: 'request', id: requestId }, details: { from: before.status, to: status, orderNumber: before.orderNumber } })
  return findRequest(orgId, requestId)
}

export type StatusChange = { status: string; note: string | null; createdAt: Date }

/** The request's status history, oldest first. */
export async function requestHistory(orgId: string, id: string): Promise<StatusChange[]> {
  const requestId = await requestIdOrThrow(orgId, id)
  return db.requestStatusChange.findMany({
    where: { requestId },
    orderBy: { createdAt: 'asc' },
    select: { status: true, note: true, createdAt: true },
  })
}

export type DeliveryProofView = {
  id: string
  assignmentId: string
  imageUrl: string
  thumbnailUrl: string | null
  notes: string | null
  submittedAt: Date
  receivedBy: string | null
  signatureUrl: string | null
  capturedAt: Date | null
  latitude: number | null
  longitude: number | null
  /** When the runner entered the vendor's handover code, if they did. */
  handoverConfirmedAt: Date | null
  /** When the runner delivered with nobody there to give the code (a photo and a note instead). */
  deliveredWithoutCodeAt: Date | null
}

/** The latest proof a runner posted for any of the request's deliveries, or null. */
export async function latestDeliveryProof(orgId: string, id: string): Promise<DeliveryProofView | null> {
  const requestId = await requestIdOrThrow(orgId, id)
  const proof = await db.deliveryProof.findFirst({
    where: { organisationId: orgId, assignment: { requestId } },
    orderBy: { submittedAt: 'desc' },
    select: {
      id: true,
      assignmentId: true,
      imageUrl: true,
      thumbnailUrl: true,
      notes: true,
      submittedAt: true,
      receivedBy: true,
      signatureUrl: true,
      capturedAt: true,
      latitude: true,
      longitude: true,
      assignment: { select: { handover: { select: { confirmedAt: true, withoutCodeAt: true } } } },
    },
  })
  if (!proof) return null
  const { assignment, ...rest } = proof
  return { ...rest, handoverConfirmedAt: assignment.handover?.confirmedAt ?? null, deliveredWithoutCodeAt: assignment.handover?.withoutCodeAt ?? null }
}

export const CSV_HEADER = ['Order Number', 'Request ID', 'Status', 'Property', 'Address', 'Vendor', 'Products', 'Items', 'Notes', 'Created At', 'Urgent', 'Needed By', 'Photos']

/**
 * The CSV export of every request matching the filter, produced a page at a time so an organisation
 * with 100,000 requests streams them without holding them all.
 */
export async function* requestsCsv(orgId: string, unresolved: Omit<RequestFilter, 'cursor' | 'limit'>, timeZone = 'UTC'): AsyncGenerator<string> {
  // One column per question ever answered (issue 29), named by its key, after the fixed ones.
  const keys = await answeredFieldKeys(orgId)
  yield csvRow([...CSV_HEADER, ...keys])
  const filter = await withMatchingProperties(orgId, unresolved)
  let cursor: string | null = null
  do {
    const page: RequestPage = await listRequests(orgId, { ...filter, cursor, limit: MAX_PAGE_SIZE })
    yield page.requests
      .map((r) =>
        csvRow([
          r.orderNumber,
          r.id,
          r.status,
          r.property?.name ?? '',
          r.property?.address ?? '',
          r.vendorName,
          r.requestedProducts.map((p) => `${p.name} x${p.quantity}`).join('; '),
          r.requestedProducts.length,
          r.notes ?? '',
          isoInZone(r.createdAt, timeZone),
          r.urgent ? 'yes' : 'no',
          r.neededBy ? isoInZone(r.neededBy, timeZone) : '',
          r.photos.length,
          ...keys.map((key) => r.fieldAnswers.find((a) => a.key === key)?.text ?? ''),
        ]),
      )
      .join('')
    cursor = page.nextCursor
  } while (cursor)
}

/** The filters a manager picks from (spec §2.4 chips, §2.9 select); "all" leaves archived requests out. */
export type ListFilter = 'all' | RequestStatus

export function statusesFor(filter: ListFilter): RequestStatus[] {
  return filter === 'all' ? CURRENT_STATUSES : [filter]
}

/**
 * `?status=` of /api/requests: absent lists every status (the spec's client filters for itself);
 * otherwise a filter name or a comma-separated list of statuses.
 */
export function parseStatusParam(value: string | null | undefined): RequestStatus[] | undefined {
  if (!value) return undefined
  const message = `Status must be all or one of ${REQUEST_STATUSES.join(', ')}`
  const wanted = value.split(',').map((s) => s.trim())
  const statuses: RequestStatus[] = []
  for (const s of wanted) {
    if (s === 'all') statuses.push(...CURRENT_STATUSES)
    else if ((REQUEST_STATUSES as readonly string[]).includes(s)) statuses.push(s as RequestStatus)
    else throw new Invalid(message, { status: [message] })
  }
  return statuses
}

/** Whether the organisation has ever received a request (the empty list says what to do first). */
export async function hasAnyRequest(orgId: string) {
  return (await db.productRequest.findFirst({ where: { organisationId: orgId }, select: { id: true } })) !== null
}
