// A delivery on its way (spec §4): a runner, the holder of its delivery link or a manager moves it
// on (picked up, in transit, delivered, cancelled) within the rules in assignment.server.ts, each
// move telling the request's history, the managers, the webhooks and the requester; and the proof of
// delivery (photo, note, signature) taken while it is in transit or delivered. Through the ORM's
// transactions, where the handover check, the history and the webhook join the move.
import { db } from '~/lib/db.server'
import { Conflict, Invalid } from '~/lib/errors'
import type { AssignmentStatus, ProofInput } from '~/areas/deliveries/dispatch.schema'
import { recordActivity } from '~/areas/outbox/activity-event.server'
import {
  CLOSED_STATUSES,
  LINK_TRANSITIONS,
  loadAssignment,
  PROOF_STATUSES,
  STATUS_TRANSITIONS,
  statusWords,
  toView,
  type AssignmentAccess,
} from './assignment.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { checkHandoverCode, recordHandover } from '~/areas/requests/handover.server'
import { notifyOrganisation } from '~/areas/outbox/notification.server'
import { stageForAssignment, tellRequesters } from './requester-updates.server'
import { recordRequestStatus } from '~/areas/requests/request-status.server'
import { notStartedAtSameStop } from './run-view.server'
import { enqueueWebhookEvent } from '~/areas/integrations/webhook.server'
import { sqlWithin } from '~/lib/sql.server'
import { settleHoldIn } from './van-stock.server'

const PROOF_FIRST = '"Nobody to take it" needs a photo and a note: submit the delivery proof with a note first.'

/** Moves an assignment on, within what the one acting may do (see the rules at the top). */
export async function changeAssignmentStatus(
  access: AssignmentAccess,
  to: AssignmentStatus,
  options: { handoverCode?: string | null; origin?: string; nobodyThere?: boolean; alone?: boolean } = {},
) {
  const a = access.assignment
  const from = a.status as AssignmentStatus
  if (from === to) return toView(a)
  // Read before the move: the orders at the same stop of a run that set off with this one.
  const together = to === 'in_transit' && !options.alone ? await notStartedAtSameStop(a.id) : []
  const allowed = (access.via === 'link' ? LINK_TRANSITIONS : STATUS_TRANSITIONS)[from] ?? []
  if (!allowed.includes(to)) {
    const reason = CLOSED_STATUSES.includes(from)
      ? `This delivery is already ${statusWords(from)}.`
      : `A delivery that is ${statusWords(from)} cannot be marked ${statusWords(to)}.`
    throw new Conflict(reason)
  }
  // Without the code, the photo and the note are what the managers have to go on.
  if (options.nobodyThere && to === 'delivered' && !a.proof?.notes?.trim()) throw new Invalid(PROOF_FIRST, { nobodyThere: [PROOF_FIRST] })
  const handover = to === 'delivered' ? await checkHandoverCode(a, options.handoverCode, { nobodyThere: options.nobodyThere }) : 'none'
  const withoutCode = handover === 'without_code'
  await db.$transaction(async (tx) => {
    // Only from the status we checked: two phones pressing at once cannot both move it.
    const moved = await tx.runnerAssignment.updateMany({
      where: { id: a.id, status: from },
      data: {
        status: to,
        ...(to === 'delivered' ? { deliveredAt: new Date() } : {}),
      },
    })
    if (moved.count === 0) throw new Conflict('This delivery was just changed. Please reload and try again.')
    // Every delivery and cancellation passes here: its held stock leaves the shelf or is freed (issue 37).
    if (to === 'delivered' || to === 'cancelled') settleHoldIn(await sqlWithin(tx), a.organisationId, a, to)
    await recordActivity(tx, a.organisationId, 'assignment.updated', a.id)
    await recordHandover(tx, a.id, handover)
    const note = `${a.runner.name}: ${statusWords(to)}`
    if (to === 'delivered') {
      await recordRequestStatus(tx, a.requestId, 'completed', note)
      await enqueueWebhookEvent(tx, a.organisationId, 'assignment.delivered', {
        assignment: { id: a.id, requestId: a.requestId, orderNumber: a.request.orderNumber, runnerId: a.runnerId, runnerName: a.runner.name, deliveredAt: new Date().toISOString() },
      })
    }
    if (to === 'cancelled') await recordRequestStatus(tx, a.requestId, 'pending', note)
    await notifyOrganisation(
      a.organisationId,
      {
        type: 'other',
        message: withoutCode
          ? `${a.request.orderNumber}: delivered by ${a.runner.name} without the handover code (nobody to take it; see the photo and note)`
          : `${a.request.orderNumber}: delivery by ${a.runner.name} is ${statusWords(to)}`,
        requestId: a.requestId,
        propertyId: a.request.property?.id ?? null,
        assignmentId: a.id,
      },
      tx,
    )
  })
  await recordAudit({ orgId: a.organisationId, action: 'assignment.status_changed', target: { type: 'assignment', id: a.id }, details: { from, to, orderNumber: a.request.orderNumber } })
  if (withoutCode) {
    await recordAudit({ orgId: a.organisationId, action: 'assignment.delivered_without_code', target: { type: 'assignment', id: a.id }, details: { orderNumber: a.request.orderNumber, runnerName: a.runner.name, reason: 'Nobody to take it' } })
  }
  const stage = stageForAssignment(to)
  if (stage && options.origin) await tellRequesters(a.requestId, stage, options.origin)
  // One door, one start (issue 34): the same runner's other orders at this stop set off too, as
  // their runner (a delivery link opens only its own order, but the orders are all theirs).
  for (const other of together) {
    const assignment = await loadAssignment({ id: other.id, runnerId: a.runnerId, status: { in: ['assigned', 'picked_up'] } })
    if (!assignment) continue
    try {
      await changeAssignmentStatus({ assignment, via: access.via === 'manager' ? 'manager' : 'runner' }, 'in_transit', { origin: options.origin, alone: true })
    } catch (err) {
      // Moved meanwhile from another phone: it is where someone put it.
      if (!(err instanceof Conflict)) throw err
    }
  }
  return toView((await loadAssignment({ id: a.id }))!)
}

/** Start Delivery on the runner's portal: the one move that reveals the address (and starts the stop's other orders). */
export function startDelivery(access: AssignmentAccess, origin?: string) {
  if (!['assigned', 'picked_up'].includes(access.assignment.status)) throw new Conflict('Only a delivery that has not set off can be started.')
  return changeAssignmentStatus(access, 'in_transit', { origin })
}

/** The statuses a runner's status form offers: the current one, then those it may move to. */
export function statusChoices(status: string): AssignmentStatus[] {
  const from = status as AssignmentStatus
  return [from, ...(STATUS_TRANSITIONS[from] ?? [])]
}

/** Records the photo (already stored through storeUploadedImage) and notes that prove the delivery. */
export async function submitProof(access: AssignmentAccess, input: ProofInput) {
  const a = access.assignment
  if (!PROOF_STATUSES.includes(a.status as AssignmentStatus)) {
    throw new Conflict('Proof can be submitted only while the delivery is in transit or delivered.')
  }
  if (a.proof) throw new Conflict('Proof has already been submitted for this delivery.')
  try {
    await db.$transaction(async (tx) => {
      await tx.deliveryProof.create({
        data: {
          organisationId: a.organisationId,
          assignmentId: a.id,
          imageUrl: input.imageUrl,
          thumbnailUrl: input.thumbnailUrl,
          notes: input.notes,
          receivedBy: input.receivedBy ?? null,
          signatureUrl: input.signatureUrl ?? null,
          capturedAt: trustedCaptureTime(input.capturedAt),
          latitude: input.latitude != null && input.longitude != null ? input.latitude : null,
          longitude: input.latitude != null && input.longitude != null ? input.longitude : null,
        },
      })
      await recordActivity(tx, a.organisationId, 'assignment.updated', a.id)
      await notifyOrganisation(
        a.organisationId,
        {
          type: 'other',
          message: `${a.request.orderNumber}: ${a.runner.name} submitted proof of delivery`,
          requestId: a.requestId,
          propertyId: a.request.property?.id ?? null,
          assignmentId: a.id,
          imageUrl: input.thumbnailUrl ?? input.imageUrl,
        },
        tx,
      )
    })
  } catch (err) {
    // Two submissions racing: the unique assignmentId lets only one through.
    if ((err as { code?: string }).code === 'P2002') throw new Conflict('Proof has already been submitted for this delivery.')
    throw err
  }
  return (await loadAssignment({ id: a.id }))!.proof!
}

/** A phone's clock may be off or a queue may be days old: only a plausible capture time is kept. */
function trustedCaptureTime(given: string | null | undefined, now = new Date()) {
  const at = given ? new Date(given) : null
  const week = 7 * 24 * 60 * 60 * 1000
  if (!at || Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + 5 * 60_000 || at.getTime() < now.getTime() - week) return now
  return at
}

