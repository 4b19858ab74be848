// A request's status and its history move together: every change is one row in the history, which
// is what "completed today" and the request PDF's timeline read. Callers pass their transaction so
// the change is part of whatever caused it (a manager's dropdown, a runner's delivery).
import type { Prisma } from '@prisma/client'
import { NotFound } from '~/lib/errors'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { listed } from '~/lib/sql-list.server'
import { sqlWithin, type Sql } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { recordActivityIn } from '~/areas/outbox/activity-event.server'
import { webhookDeliveriesIn } from '~/areas/integrations/webhook.server'
import { webhookDetailsIn } from './request-details.server'

/** One entry of a request's history, as every way of changing (or making) a request writes it. */
export function historyEntry(requestId: string, status: string, note: string | null, at: Date) {
  return insertHistory({ id: newRowId(), requestId, status, note, createdAt: at })
}

// Compiled once (decision 125): every request made and every status change writes one.
const insertHistory = compiledOnce((h: { id: string; requestId: string; status: string; note: string | null; createdAt: Date }) =>
  tables.insertInto('RequestStatusChange').values({ id: h.id, requestId: h.requestId, status: h.status, note: h.note, createdAt: h.createdAt }),
)

// Compiled once (decision 125): every assignment and delivery moves its request.
const statusOf = compiledOnce((p: { requestId: string }) => tables.selectFrom('ProductRequest').select(['status', 'organisationId', 'orderNumber']).where('id', '=', p.requestId))
const moveStatus = compiledOnce((p: { requestId: string; status: string; at: Date }) =>
  tables.updateTable('ProductRequest').set({ status: p.status, updatedAt: p.at }).where('id', '=', p.requestId),
)

export type RequestStatusRow = { status: string; organisationId: string; orderNumber: string }

/** `current`: the request as the caller has just read it in this same transaction (saves reading it again). */
export async function recordRequestStatus(tx: Prisma.TransactionClient, requestId: string, status: string, note?: string | null, current?: RequestStatusRow) {
  return recordRequestStatusIn(await sqlWithin(tx), requestId, status, note, current)
}

/** The same, inside a plain-SQL transaction: four or five kept statements (decision 063). */
export function recordRequestStatusIn(sql: Sql, requestId: string, status: string, note?: string | null, current?: RequestStatusRow) {
  current ??= sql.one(statusOf({ requestId }))
  if (!current) throw new NotFound('Request not found')
  if (current.status === status) return false
  const was = current
  const at = new Date()
  sql.run(moveStatus({ requestId, status, at }))
  sql.run(historyEntry(requestId, status, note ?? null, at))
  recordActivityIn(sql, was.organisationId, 'request.updated', requestId)
  // The request's details are read only for an organisation with a webhook listening.
  webhookDeliveriesIn(sql, was.organisationId, 'request.status_changed', () => [
    { request: { id: requestId, orderNumber: was.orderNumber, status, previousStatus: was.status, note: note ?? null, ...webhookDetailsIn(sql, [requestId]).get(requestId) } },
  ])
  return true
}

/**
 * The same move for several requests at once (a run), read as `current` already: one update, one
 * history row and activity each, and one look-up of the organisation's webhooks for all of them.
 */
export function recordRequestStatusesIn(sql: Sql, current: Array<RequestStatusRow & { id: string }>, status: string, note: string) {
  const moving = current.filter((r) => r.status !== status)
  if (moving.length === 0) return
  const at = new Date()
  sql.run(tables.updateTable('ProductRequest').set({ status, updatedAt: at }).where('id', 'in', listed(moving.map((r) => r.id))))
  for (const r of moving) {
    sql.run(historyEntry(r.id, status, note, at))
    recordActivityIn(sql, r.organisationId, 'request.updated', r.id)
  }
  webhookDeliveriesIn(sql, moving[0]!.organisationId, 'request.status_changed', () => {
    const details = webhookDetailsIn(
      sql,
      moving.map((r) => r.id),
    )
    return moving.map((r) => ({ request: { id: r.id, orderNumber: r.orderNumber, status, previousStatus: r.status, note, ...details.get(r.id) } }))
  })
}
