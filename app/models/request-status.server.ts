// A request's status and its history move together: every change is one row in the history, which
// is what "completed today" and the request PDF's timeline read. Callers pass their transaction so
// the change is part of whatever caused it (a manager's dropdown, a runner's delivery).
import type { Prisma } from '@prisma/client'
import { recordActivity } from './activity-event.server'
import { enqueueWebhookEvent } from './webhook.server'

export type RequestStatusRow = { status: string; organisationId: string; orderNumber: string }

/** `current`: the request as the caller has just read it in this same transaction (saves reading it again). */
export async function recordRequestStatus(tx: Prisma.TransactionClient, requestId: string, status: string, note?: string | null, current?: RequestStatusRow) {
  current ??= await tx.productRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: { status: true, organisationId: true, orderNumber: true },
  })
  if (current.status === status) return false
  await tx.productRequest.update({ where: { id: requestId }, data: { status } })
  await tx.requestStatusChange.create({ data: { requestId, status, note: note ?? null } })
  await recordActivity(tx, current.organisationId, 'request.updated', requestId)
  await enqueueWebhookEvent(tx, current.organisationId, 'request.status_changed', {
    request: { id: requestId, orderNumber: current.orderNumber, status, previousStatus: current.status, note: note ?? null },
  })
  return true
}
