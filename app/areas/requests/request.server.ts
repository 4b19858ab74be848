// One product request as managers see it: its statuses, its full view (also every list's rows), its
// history and delivery proof, and a manager's status change. The list, its search and its count are
// request-list.server.ts; the CSV export request-csv.server.ts; creating a request request-intake.server.ts.
import { sql } from 'kysely'
import { z } from 'zod'
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, storedDateOrNull, writeTogether } from '~/lib/sql.server'
import { Invalid, NotFound } from '~/lib/errors'
import { recordRequestStatusIn } from './request-status.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { detailsFromColumns, type RequestDetailsView } from './request-details.server'

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

// Prisma keeps DateTime in SQLite as ISO text with "+00:00"; comparisons with a column must use the same text.
export function dbTime(date: Date) {
  return date.toISOString().replace('Z', '+00:00')
}

/**
 * Full views for the given ids, in the given order: every list's rows and one request's page.
 * Kept statements on the ORM's connection (decision 068): through the ORM even a raw statement is
 * prepared afresh and every value converted, several milliseconds for a 200-marker map. The ids go
 * in as one JSON array, so one statement serves every page size.
 */
export async function requestViews(ids: string[]): Promise<RequestView[]> {
  if (ids.length === 0) return []
  const requestsQuery = tables
    .selectFrom('ProductRequest as r')
    .leftJoin('Property as p', 'p.id', 'r.propertyId')
    .select([
      'r.id', 'r.orderNumber', 'r.propertyId', 'r.organisationId', 'r.vendorName', 'r.status', 'r.notes', 'r.createdAt', 'r.updatedAt',
      'r.urgent', 'r.neededBy', 'r.fieldAnswers', 'r.photos', 'p.id as pId', 'p.name as pName', 'p.address as pAddress',
    ])
    .where('r.id', 'in', listed(ids))
  // Rowid order is the order the vendor listed the products in; the first one names the request.
  // The rowid is no column of the schema, so it is named as SQL text.
  const itemsQuery = tables
    .selectFrom('RequestItem')
    .select(['requestId', 'productId', 'productName', 'quantity'])
    .where('requestId', 'in', listed(ids))
    .orderBy('requestId')
    .orderBy(sql`rowid`)
  const [requests, items] = await readNow((db) => [db.all(requestsQuery), db.all(itemsQuery)] as const)
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

/** The request's id, status and order number; NotFound for another organisation's or an unknown id. */
async function requestOrThrow(orgId: string, id: string) {
  const query = tables.selectFrom('ProductRequest').select(['id', 'status', 'orderNumber']).where('id', '=', id).where('organisationId', '=', orgId)
  const found = await readNow((db) => db.one(query))
  if (!found) throw new NotFound('Request not found')
  return found
}

/** One of the organisation's requests; NotFound for another organisation's or an unknown id. */
export async function findRequest(orgId: string, id: string): Promise<RequestView> {
  const [view] = await requestViews([(await requestOrThrow(orgId, id)).id])
  if (!view) throw new NotFound('Request not found')
  return view
}

/**
 * A manager may set any status (spec §4); each change is kept in the request's history, which is
 * also what "completed today" counts.
 */
export async function changeRequestStatus(orgId: string, id: string, status: RequestStatus): Promise<RequestView> {
  const before = await requestOrThrow(orgId, id)
  await writeTogether((sql) => recordRequestStatusIn(sql, before.id, status))
  await recordAudit({ orgId, action: 'request.status_changed', target: { type: 'request', id: before.id }, details: { from: before.status, to: status, orderNumber: before.orderNumber } })
  return findRequest(orgId, before.id)
}

export type StatusChange = { status: string; note: string | null; createdAt: Date }

/** The request's status history, oldest first. */
export async function requestHistory(orgId: string, id: string): Promise<StatusChange[]> {
  const { id: requestId } = await requestOrThrow(orgId, id)
  const query = tables.selectFrom('RequestStatusChange').select(['status', 'note', 'createdAt']).where('requestId', '=', requestId).orderBy('createdAt')
  const rows = await readNow((db) => db.all(query))
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }))
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
  const { id: requestId } = await requestOrThrow(orgId, id)
  const query = tables
    .selectFrom('DeliveryProof as d')
    .innerJoin('RunnerAssignment as a', 'a.id', 'd.assignmentId')
    .leftJoin('HandoverCheck as h', 'h.assignmentId', 'd.assignmentId')
    .select([
      'd.id', 'd.assignmentId', 'd.imageUrl', 'd.thumbnailUrl', 'd.notes', 'd.submittedAt', 'd.receivedBy', 'd.signatureUrl', 'd.capturedAt',
      'd.latitude', 'd.longitude', 'h.confirmedAt', 'h.withoutCodeAt',
    ])
    .where('d.organisationId', '=', orgId)
    .where('a.requestId', '=', requestId)
    .orderBy('d.submittedAt', 'desc')
    .limit(1)
  const proof = await readNow((db) => db.one(query))
  if (!proof) return null
  const { confirmedAt, withoutCodeAt, ...rest } = proof
  return {
    ...rest,
    submittedAt: new Date(proof.submittedAt),
    capturedAt: storedDateOrNull(proof.capturedAt),
    handoverConfirmedAt: storedDateOrNull(confirmedAt),
    deliveredWithoutCodeAt: storedDateOrNull(withoutCodeAt),
  }
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
  const query = tables.selectFrom('ProductRequest').select('id').where('organisationId', '=', orgId).limit(1)
  return (await readNow((db) => db.one(query))) !== undefined
}
