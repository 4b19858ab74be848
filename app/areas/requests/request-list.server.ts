// The organisation's requests as a list: searched, filtered and paged on the server, so 100,000 of
// them still answer quickly, and counted for the list's heading. How a search's term is found (LIKE,
// the full-text index, common or rare) is request-search-terms.server.ts; one request and its
// changes are request.server.ts; the CSV export is request-csv.server.ts.
import { expressionBuilder, sql, type AliasedSelectQueryBuilder, type Expression, type Compilable, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { z } from 'zod'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'
import { tables, withIndexes, type Tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow } from '~/lib/sql.server'
import { Invalid } from '~/lib/errors'
import { dbTime, REQUEST_STATUSES, requestViews, type RequestStatus, type RequestView } from './request.server'
import { holdsText, likeAny, likePatterns } from '~/lib/sql-like.server'
import { INDEXED_SEARCH_MIN, matches, phraseOf, termFound, type MatchedRowids } from './request-search-terms.server'

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
  /** The full-text matches' rowids when already read (a rare term, found by `termFound`): not read twice. */
  matchedRowids?: MatchedRowids
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

/** The statements below, over the organisation's requests as `r`. */
type OnRequests = ExpressionBuilder<Tables & { r: Tables['ProductRequest'] }, 'r'>

/** The columns a list is ordered by, of whichever rows are being ordered (r, the search's hits h, a page). */
type Ordered = { id: Expression<string>; urgent: Expression<number>; neededBy: Expression<string | null>; createdAt: Expression<string> }

/** For expressions of columns already named (Ordered): it names none itself. */
const e = expressionBuilder<object, never>()

type Order = Array<[Expression<unknown>, 'asc' | 'desc']>

/** The ORDER BY of a sort, as (expression, direction) pairs. */
function orderBy(sort: RequestSort, c: Ordered): Order {
  if (sort === 'newest') return [[c.createdAt, 'desc'], [c.id, 'desc']]
  if (sort === 'oldest') return [[c.createdAt, 'asc'], [c.id, 'asc']]
  // Written as the urgent-order index is (ProductRequest_urgent_order_idx), so SQLite reads it in order.
  return [[c.urgent, 'desc'], [e(c.neededBy, 'is', null), 'asc'], [c.neededBy, 'asc'], [c.createdAt, 'desc'], [c.id, 'desc']]
}

/** A select ordered as `order` says. */
function ordered<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, order: Order): SelectQueryBuilder<DB, TB, O> {
  return order.reduce((q, [by, direction]) => q.orderBy(by, direction), query)
}

/** The rows after the cursor in a sort's order. */
function afterCursor(sort: RequestSort, after: Cursor, c: Ordered): Expression<SqlBool> {
  const eb = e
  const position = (op: '<' | '>') => eb(eb.tuple(c.createdAt, c.id), op, eb.tuple(eb.val(after.createdAt), eb.val(after.id)))
  const sooner = position('<')
  if (sort === 'newest') return sooner
  if (sort === 'oldest') return position('>')
  // Plain requests with no needed-by are the list's tail and nearly all of it: a range in the index.
  // The index's "neededBy IS NULL" column is matched by the same expression compared with a value.
  if (!after.urgent && after.neededBy === null) {
    return eb.and([eb(c.urgent, '=', sql.lit(0)), eb(eb.parens(eb(c.neededBy, 'is', null)), '=', sql.lit(1 as const)), eb(c.neededBy, 'is', null), sooner])
  }
  const sameUrgency =
    after.neededBy === null
      ? eb.and([eb(c.neededBy, 'is', null), sooner])
      : eb.or([eb(c.neededBy, 'is', null), eb(c.neededBy, '>', after.neededBy), eb.and([eb(c.neededBy, '=', after.neededBy), sooner])])
  return eb.and([eb(c.urgent, '<=', after.urgent), eb.or([eb(c.urgent, '<', after.urgent), eb.and([eb(c.urgent, '=', after.urgent), sameUrgency])])])
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
  const query = tables
    .selectFrom('Property as p')
    .select('p.id')
    .where((eb) => eb.and([eb('p.organisationId', '=', orgId), holdsText(eb.ref('p.name'), q)]))
  const rows = await readNow((db) => db.all(query))
  return { ...filter, matchingProperties: rows.map((r) => r.id) }
}

/** "Or at one of these properties", left out when the term names none. */
function atMatchingProperties(eb: OnRequests, filter: RequestFilter) {
  const ids = filter.matchingProperties ?? []
  return ids.length ? [eb('r.propertyId', 'in', listed(ids))] : []
}

/** A request's columns a search reads, of whichever table alias holds it (r, or m when r is taken). */
type SearchedColumns = { id: Expression<string>; orderNumber: Expression<string>; vendorName: Expression<string>; notes: Expression<string | null>; propertyId: Expression<string | null> }

function likeCondition(eb: OnRequests, filter: RequestFilter, q: string) {
  return likeOver({ id: eb.ref('r.id'), orderNumber: eb.ref('r.orderNumber'), vendorName: eb.ref('r.vendorName'), notes: eb.ref('r.notes'), propertyId: eb.ref('r.propertyId') }, filter, q)
}

function likeOver(c: SearchedColumns, filter: RequestFilter, q: string) {
  const patterns = likePatterns(q)
  const ids = filter.matchingProperties ?? []
  return e.or([
    likeAny(c.id, patterns),
    likeAny(c.orderNumber, patterns),
    likeAny(c.vendorName, patterns),
    likeAny(c.notes, patterns),
    ...(ids.length ? [e(c.propertyId, 'in', listed(ids))] : []),
    e.exists(
      tables
        .selectFrom('RequestItem as i')
        .select(sql.lit(1).as('one'))
        .where((ei) => ei.and([ei('i.requestId', '=', c.id), likeAny(ei.ref('i.productName'), patterns)])),
    ),
  ])
}

function searchCondition(eb: OnRequests, filter: RequestFilter, q: string) {
  if ([...q].length < INDEXED_SEARCH_MIN) return likeCondition(eb, filter, q)
  // One FTS5 phrase is a case-insensitive substring match under the trigram tokenizer (decision 016).
  const phrase = phraseOf(q)
  // Each arm is a set of rowids or ids found through an index, so SQLite unions them instead of
  // reading every request. The full-text tables (FTS5, made by a migration) and rowids are not in
  // the schema the builder knows, so MATCH and rowid stay SQL text here, the one place they are.
  return eb.or([
    sql<SqlBool>`"r".rowid IN ${matches('ProductRequestSearch', phrase, filter.matchedRowids?.requests)}`,
    eb('r.id', 'in', eb.selectFrom('RequestItem as i').select('i.requestId').where(sql<SqlBool>`"i".rowid IN ${matches('RequestItemSearch', phrase, filter.matchedRowids?.items)}`)),
    ...atMatchingProperties(eb, filter),
  ])
}

function statusCondition(eb: OnRequests, statuses: readonly RequestStatus[] | undefined, forListing: boolean) {
  const wanted = statuses?.length ? [...new Set(statuses)] : [...REQUEST_STATUSES]
  if (wanted.length === REQUEST_STATUSES.length) return []
  if (wanted.length === 1) return [eb('r.status', '=', wanted[0]!)]
  // Several statuses: for a page in date order, walking the (organisationId, createdAt, id) index and
  // checking the status beats merging several status ranges and sorting them, so the unary plus
  // keeps SQLite off the status index (the builder has no unary plus). A count is the other way round.
  return [forListing ? eb(sql<string>`+${eb.ref('r.status')}`, 'in', wanted) : eb('r.status', 'in', wanted)]
}

function filterConditions(eb: OnRequests, orgId: string, filter: RequestFilter, forListing: boolean) {
  const conditions: Expression<SqlBool>[] = [eb('r.organisationId', '=', orgId), ...statusCondition(eb, filter.statuses, forListing)]
  const q = filter.q?.trim()
  if (q) conditions.push(searchCondition(eb, filter, q))
  if (filter.urgent) conditions.push(eb('r.urgent', '=', sql.lit(1)))
  return conditions
}

const requestsAsR = () => tables.selectFrom('ProductRequest as r')
const orderedColumnsOfR = (eb: OnRequests): Ordered => ({ id: eb.ref('r.id'), urgent: eb.ref('r.urgent'), neededBy: eb.ref('r.neededBy'), createdAt: eb.ref('r.createdAt') })

/** The statement of one page's ids. */
function pageStatement(orgId: string, filter: RequestFilter, limit: number): Compilable<{ id: string }> {
  const sort = filter.sort ?? 'urgent'
  const after = filter.cursor ? decodeCursor(sort, filter.cursor) : null
  if (sort === 'urgent') return urgentPageStatement(orgId, filter, after, limit)
  return dateOrder(orgId, filter, sort, after, limit)
}

function dateOrder(orgId: string, filter: RequestFilter, sort: 'newest' | 'oldest', after: Cursor | null, limit: number) {
  const eb = expressionBuilder<Tables & { r: Tables['ProductRequest'] }, 'r'>()
  const c = orderedColumnsOfR(eb)
  const conditions = filterConditions(eb, orgId, filter, true)
  if (after) conditions.push(afterCursor(sort, after, c))
  return ordered(requestsAsR().select('r.id').where(eb.and(conditions)), orderBy(sort, c)).limit(limit)
}

/**
 * A search walked in the list's own order (decision 126): the first `window` requests after the
 * cursor, as the unsearched list reads them through its index, each tested with LIKE until `want`
 * match. Its cost is the rows read until then, small when most requests match, where the full-text
 * path's cost is every match. `settled` says the answer is the search's: `want` matched, or the
 * window held the rest of the list; otherwise the caller asks the full-text path.
 */
async function walked(orgId: string, filter: RequestFilter, q: string, sort: RequestSort, after: Cursor | null, window: number, want: number) {
  const plain = { ...filter, q: null }
  const { query, hints } = sort === 'urgent' ? urgentOrder(orgId, plain, after, window) : { query: dateOrder(orgId, plain, sort, after, window), hints: {} }
  const m = expressionBuilder<Tables & { m: Tables['ProductRequest'] }, 'm'>()
  const columns = { id: m.ref('m.id'), orderNumber: m.ref('m.orderNumber'), vendorName: m.ref('m.vendorName'), notes: m.ref('m.notes'), propertyId: m.ref('m.propertyId') }
  // CROSS JOIN keeps the window the outer loop, and no ORDER BY lets the walk stop at `want`: the
  // rows come in the window's order (its own ORDER BY and LIMIT keep it a subquery SQLite does not
  // flatten), and each caller orders only what it keeps.
  const matches = tables
    .selectFrom(query.as('w'))
    .crossJoin('ProductRequest as m')
    .select('m.id')
    .where((eb) => eb.and([eb('m.id', '=', eb.ref('w.id')), likeOver(columns, filter, q)]))
    .limit(want)
  const ids = (await readNow((db) => db.all(withIndexes(matches, hints)))).map((row) => row.id)
  if (ids.length >= want) return { ids, settled: true }
  const size = tables.selectFrom(query.as('w')).select((eb) => eb.fn.countAll<number>().as('n'))
  const read = await readNow((db) => db.one(withIndexes(size, hints)))
  return { ids, settled: Number(read?.n ?? 0) < window }
}

/**
 * The filter with what the index already said about its term: a common term is walked (`common`),
 * a rare one's matches are kept so the page and count read them instead of asking the index again.
 */
async function withTermFound<F extends RequestFilter>(filter: F, q: string): Promise<{ searched: F; common: boolean }> {
  const found = await termFound(q)
  if (found === 'common') return { searched: filter, common: true }
  return { searched: found ? { ...filter, matchedRowids: found } : filter, common: false }
}

/** Requests a walk reads before it hands a page's search to the full-text index. */
const PAGE_WINDOW = 1000
/** The most a count walks: past COUNT_CAP matches in its window the page says "more than". */
const COUNT_WINDOW = 1000
export const COUNT_CAP = 250

/**
 * The SQL of one page's ids and its parameters, as it runs: exported for the tests that run it
 * through EXPLAIN QUERY PLAN to check it uses the indexes.
 */
export function pageQuery(orgId: string, filter: RequestFilter, limit: number) {
  return pageStatement(orgId, filter, limit).compile()
}

/**
 * Urgent first (issue 34, decision 106). The order is one index per status
 * (ProductRequest_urgent_order_idx: organisation, status, then the order), so each status asked for
 * is read in order up to the page's length and the few rows merged: no sort of every request, and a
 * plain request's page after the first is a range in the index. A search through the full-text
 * index sorts its matches instead, as the Requests page's count already finds them all.
 */
function urgentPageStatement(orgId: string, filter: RequestFilter, after: Cursor | null, limit: number) {
  const q = filter.q?.trim() ?? ''
  if ([...q].length >= INDEXED_SEARCH_MIN) {
    return tables
      .with(
        (cte) => cte('hits').materialized(),
        () => requestsAsR().select(['r.id', 'r.urgent', 'r.neededBy', 'r.createdAt']).where((eb) => eb.and(filterConditions(eb, orgId, filter, false))),
      )
      .selectFrom('hits as h')
      .select('h.id')
      .where((eb) => eb.and(after ? [afterCursor('urgent', after, hitColumns(eb))] : []))
      .$call((query) => ordered(query, orderBy('urgent', hitColumns(expressionBuilder<{ h: HitRow }, 'h'>()))))
      .limit(limit)
  }
  const { query, hints } = urgentOrder(orgId, filter, after, limit)
  return withIndexes(query, hints)
}

/** The urgent-first list without a full-text search: each status read in order and the few rows merged. */
function urgentOrder(orgId: string, filter: RequestFilter, after: Cursor | null, limit: number): { query: IdsInOrder; hints: Record<string, string> } {
  const statuses = filter.statuses?.length ? [...new Set(filter.statuses)] : [...REQUEST_STATUSES]
  // After a plain request the rest are plain (urgency and needed-by fixed by the cursor's range): said
  // by date alone, or SQLite sorts that whole range instead of reading it in the index's order.
  const armSort = after && !after.urgent && after.neededBy === null ? 'newest' : 'urgent'
  const arms = statuses.map((status) => {
    const eb = expressionBuilder<Tables & { r: Tables['ProductRequest'] }, 'r'>()
    const c = orderedColumnsOfR(eb)
    const conditions = filterConditions(eb, orgId, { ...filter, statuses: [status] }, true)
    if (after) conditions.push(afterCursor('urgent', after, c))
    return ordered(requestsAsR().select(['r.id', 'r.urgent', 'r.neededBy', 'r.createdAt']).where(eb.and(conditions)), orderBy(armSort, c)).limit(limit)
  })
  // Every arm reads its status through the urgent-order index (the hint names each table aliased r).
  const hints = { r: 'ProductRequest_urgent_order_idx' }
  if (arms.length === 1) return { query: arms[0]!, hints }
  // An arm with its own ORDER BY and LIMIT is a subquery of the compound, as SQLite asks.
  const [first, ...rest] = arms.map((arm, i) => tables.selectFrom(arm.as(`arm${i}`)).selectAll())
  const merged = rest.reduce((all, arm) => all.unionAll(arm), first!)
  const eb = expressionBuilder<{ h: HitRow }, 'h'>()
  return { query: ordered(tables.selectFrom(merged.as('h')).select('h.id'), orderBy('urgent', hitColumns(eb))).limit(limit), hints }
}

/** A statement of ids in the list's order, to read or to read from. */
type IdsInOrder = Compilable<{ id: string }> & { as<A extends string>(alias: A): AliasedSelectQueryBuilder<{ id: string }, A> }

type HitRow = { id: string; urgent: number; neededBy: string | null; createdAt: string }
const hitColumns = (eb: ExpressionBuilder<{ h: HitRow }, 'h'>): Ordered => ({ id: eb.ref('h.id'), urgent: eb.ref('h.urgent'), neededBy: eb.ref('h.neededBy'), createdAt: eb.ref('h.createdAt') })

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
  const filtered = await resolved(orgId, filter)
  const q = filter.q?.trim() ?? ''
  const sort = filter.sort ?? 'urgent'
  let ids: string[] | null = null
  const { searched, common } = await withTermFound(filtered, q)
  if (common) {
    const walk = await walked(orgId, filtered, q, sort, filter.cursor ? decodeCursor(sort, filter.cursor) : null, PAGE_WINDOW, limit + 1)
    if (walk.settled) ids = walk.ids
  }
  if (!ids) {
    const query = pageStatement(orgId, searched, limit + 1)
    ids = (await readNow((db) => db.all(query))).map((r) => r.id)
  }
  const more = ids.length > limit
  // requestViews answers in the order it is given: the walk's ids are in the list's order.
  const requests = await requestViews(ids.slice(0, limit))
  const last = requests[requests.length - 1]
  return { requests, nextCursor: more && last ? encodeCursor(filter.sort ?? 'urgent', last) : null }
}

// Counting an organisation's current requests walks ~75,000 index entries at scale (~10-14 ms), on
// every view and every 10 s poll of the list; the answer changes only when something is written.
const unsearchedCounts = reusedUntilWrite<number>()

/** How many requests match, for the list's count. Without a search, reused until the next write (decision 056). */
export async function countRequests(orgId: string, filter: Omit<RequestFilter, 'cursor' | 'limit'> = {}) {
  const read = async () => {
    const filtered = await resolved(orgId, filter)
    const query = requestsAsR()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.and(filterConditions(eb, orgId, filtered, false)))
    const row = await readNow((db) => db.one(query))
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
 * A term most requests hold is walked in the list's order instead (decision 126): its page is its
 * first matches, and past COUNT_CAP its count is "more than" (`countIsAtLeast`), as counting every
 * match is the cost the walk avoids.
 */
export async function listAndCountRequests(orgId: string, filter: RequestFilter = {}): Promise<RequestPage & { count: number; countIsAtLeast: boolean }> {
  const q = filter.q?.trim() ?? ''
  if ([...q].length < INDEXED_SEARCH_MIN) {
    const [page, count] = await Promise.all([listRequests(orgId, filter), countRequests(orgId, filter)])
    return { ...page, count, countIsAtLeast: false }
  }
  const limit = pageLimit(filter)
  const sort = filter.sort ?? 'urgent'
  const after = filter.cursor ? decodeCursor(sort, filter.cursor) : null
  const statuses = filter.statuses?.length ? [...new Set(filter.statuses)].sort() : []
  const key = JSON.stringify([orgId, q, statuses, !!filter.urgent, sort, filter.cursor ?? null, limit])
  const found = await searchedPages(key, () => searchedPage(orgId, filter, q, sort, after, limit))
  const requests = await requestViews(found.ids.slice(0, limit))
  const last = requests[requests.length - 1]
  return { requests, nextCursor: found.ids.length > limit && last ? encodeCursor(sort, last) : null, count: found.count, countIsAtLeast: found.countIsAtLeast }
}

type Found = { ids: string[]; count: number; countIsAtLeast: boolean }

/** A searched page's ids and count: walked where that settles them, else through the full-text index. */
async function searchedPage(orgId: string, filter: RequestFilter, q: string, sort: RequestSort, after: Cursor | null, limit: number): Promise<Found> {
  const { searched: filtered, common } = await withTermFound(await resolved(orgId, filter), q)
  if (common) {
    // The count walks from the list's start; on the first page that walk is the page's too.
    const counted = await walked(orgId, filtered, q, sort, null, COUNT_WINDOW, Math.max(COUNT_CAP + 1, after ? 0 : limit + 1))
    const page = after ? await walked(orgId, filtered, q, sort, after, PAGE_WINDOW, limit + 1) : { ids: counted.ids.slice(0, limit + 1), settled: counted.settled }
    const count = counted.ids.length > COUNT_CAP ? { count: COUNT_CAP, countIsAtLeast: true } : { count: counted.ids.length, countIsAtLeast: false }
    if (page.settled && counted.settled) return { ids: page.ids, ...count }
  }
  const rows = await indexedPage(orgId, filtered, sort, after, limit)
  return { ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])), count: Number(rows[0]?.total ?? 0), countIsAtLeast: false }
}

// A term in many product names costs its full-text match ~10 ms at scale whatever the page, and the
// Requests page asks again on every 10 s poll and every page turn back: the ids and the count are
// reused until the next write (the rows themselves are read afresh, so a page never shows stale data).
const searchedPages = reusedUntilWrite<Found>({ most: 200 })

async function indexedPage(orgId: string, filtered: RequestFilter, sort: RequestSort, after: Cursor | null, limit: number) {
  // The count's conditions (its plan: each arm's matches through its index), kept once; the page is
  // their first `limit + 1` in the list's order. The count row is there even when the page is empty.
  const query = tables
    .with(
      (cte) => cte('hits').materialized(),
      () => requestsAsR().select(['r.id', 'r.urgent', 'r.neededBy', 'r.createdAt']).where((eb) => eb.and(filterConditions(eb, orgId, filtered, false))),
    )
    .selectFrom((db) => db.selectFrom('hits').select((eb) => eb.fn.countAll<number>().as('total')).as('counted'))
    .leftJoin(
      (db) =>
        db
          .selectFrom('hits as h')
          .select(['h.id', 'h.urgent', 'h.neededBy', 'h.createdAt'])
          .where((eb) => eb.and(after ? [afterCursor(sort, after, hitColumns(eb))] : []))
          .$call((page) => ordered(page, orderBy(sort, hitColumns(expressionBuilder<{ h: HitRow }, 'h'>()))))
          .limit(limit + 1)
          .as('page'),
      (join) => join.onTrue(),
    )
    .select(['page.id', 'counted.total'])
    .$call((page) => {
      const eb = expressionBuilder<{ page: HitRow }, 'page'>()
      return ordered(page, orderBy(sort, { id: eb.ref('page.id'), urgent: eb.ref('page.urgent'), neededBy: eb.ref('page.neededBy'), createdAt: eb.ref('page.createdAt') }))
    })
  return readNow((db) => db.all(query))
}
