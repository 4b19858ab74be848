// A runner's job: one request to deliver. Who may see and move an assignment, which moves are allowed,
// and what each move does to the request (its status and history) and to the managers (a notification).
//
// Status rules (spec §4, decided here where the spec is silent):
//   assigned   → picked_up, in_transit, cancelled
//   picked_up  → in_transit, cancelled
//   in_transit → delivered, cancelled
//   delivered, cancelled → nothing: a finished delivery is history, and a cancelled one has already
//   handed its request back to the queue, where a new assignment takes over.
// Setting the status it already has is accepted and changes nothing, so a form posted twice on a bad
// connection does not answer with an error. A delivery link (held by whoever the manager shared it
// with) offers only assigned → in_transit and in_transit → delivered. A proof is taken only while
// in_transit or delivered, once per assignment.
// Side effects: creating an assignment moves its request to in_progress, delivery to completed,
// cancelling back to pending (into the dispatch queue).
import { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { detailsFromColumns } from './request-details.server'
import { readNow, sqlDate, writeTogether } from '~/lib/sql.server'
import { newRowId } from '~/lib/ids.server'
import { Conflict, Invalid, NotFound, Unauthorized } from '~/lib/errors'
import type { AssignInput, AssignmentStatus, ProofInput } from '~/lib/schemas/dispatch'
import { hashToken, newToken, tokenMatches } from '~/lib/tokens.server'
import { sendSms, smsConfig, type SmsOutcome } from '~/services/sms.server'
import { recordActivity, recordActivityIn } from './activity-event.server'
import { checkHandoverCode, recordHandover } from './handover.server'
import { notifyOrganisation, notifyOrganisationIn } from './notification.server'
import { stageForAssignment, tellRequesters } from './requester-updates.server'
import { recordRequestStatus, recordRequestStatusIn, type RequestStatusRow } from './request-status.server'
import { enqueueWebhookEvent } from './webhook.server'
import { findRunnerByToken, INVALID_TOKEN } from './runner.server'
import { recordAudit } from './audit-log.server'
import { itemWithProduct, openAssignmentsInFull, type ItemWithProductRow } from './dispatch-board.server'
import { setActor } from '~/lib/actor-context.server'
import { notStartedAtSameStop } from './run-view.server'

export const CLOSED_STATUSES: AssignmentStatus[] = ['delivered', 'cancelled']

export const STATUS_TRANSITIONS: Record<AssignmentStatus, readonly AssignmentStatus[]> = {
  assigned: ['picked_up', 'in_transit', 'cancelled'],
  picked_up: ['in_transit', 'cancelled'],
  in_transit: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
}

export const LINK_TRANSITIONS: Record<AssignmentStatus, readonly AssignmentStatus[]> = {
  assigned: ['in_transit'],
  picked_up: [],
  in_transit: ['delivered'],
  delivered: [],
  cancelled: [],
}

export const PROOF_STATUSES: AssignmentStatus[] = ['in_transit', 'delivered']
/** Until the runner sets off, the address stays hidden from the portal (spec §2.17). */
const ADDRESS_VISIBLE: AssignmentStatus[] = ['in_transit', 'delivered']
export const RECENT_COMPLETED = 5

const STATUS_WORDS: Record<string, string> = {
  assigned: 'assigned',
  picked_up: 'picked up',
  in_transit: 'in transit',
  delivered: 'delivered',
  cancelled: 'cancelled',
}
export const statusWords = (status: string) => STATUS_WORDS[status] ?? status

const FULL = {
  runner: { select: { id: true, name: true, phone: true } },
  request: {
    select: {
      id: true,
      orderNumber: true,
      vendorName: true,
      status: true,
      notes: true,
      urgent: true,
      neededBy: true,
      fieldAnswers: true,
      photos: true,
      property: { select: { id: true, name: true, address: true } },
      items: {
        select: {
          productId: true,
          productName: true,
          quantity: true,
          product: {
            select: {
              category: true,
              imageUrl: true,
              thumbnailUrl: true,
              imageAlt: true,
            },
          },
        },
      },
    },
  },
  proof: {
    select: {
      id: true,
      imageUrl: true,
      thumbnailUrl: true,
      notes: true,
      submittedAt: true,
    },
  },
} satisfies Prisma.RunnerAssignmentInclude

type FullAssignment = Prisma.RunnerAssignmentGetPayload<{
  include: typeof FULL
}>

/** Who is acting on an assignment: its runner, the holder of its delivery link, or a manager. */
export type AssignmentAccess = {
  assignment: FullAssignment
  via: 'runner' | 'link' | 'manager'
}

/** What the views read of an assignment: not its organisation or its link token's hash. */
type ViewedAssignment = Omit<FullAssignment, 'organisationId' | 'linkTokenHash'>

export type AssignmentView = ReturnType<typeof toView>

function toView(a: ViewedAssignment, options: { revealAddress?: boolean } = {}) {
  const reveal = options.revealAddress ?? true
  const property = a.request.property
  return {
    id: a.id,
    requestId: a.requestId,
    runnerId: a.runnerId,
    status: a.status,
    notes: a.notes,
    smsStatus: a.smsStatus,
    assignedAt: a.assignedAt,
    deliveredAt: a.deliveredAt,
    updatedAt: a.updatedAt,
    runner: a.runner,
    request: {
      id: a.request.id,
      orderNumber: a.request.orderNumber,
      vendorName: a.request.vendorName,
      status: a.request.status,
      notes: a.request.notes,
      // What the requester told us (issue 29): the runner needs the room, the floor, the photo.
      ...detailsFromColumns(a.request),
      property: property
        ? {
            id: property.id,
            name: property.name,
            address: reveal ? property.address : null,
          }
        : null,
      requestedProducts: a.request.items.map((i) => ({
        productId: i.productId,
        name: i.productName,
        quantity: i.quantity,
        category: i.product?.category ?? null,
        imageUrl: i.product?.imageUrl ?? null,
        thumbnailUrl: i.product?.thumbnailUrl ?? null,
        imageAlt: i.product?.imageAlt ?? null,
      })),
    },
    proof: a.proof,
  }
}

/** What the runner's portal shows: the address only once the delivery has started. */
export function runnerView(a: FullAssignment) {
  return toView(a, {
    revealAddress: ADDRESS_VISIBLE.includes(a.status as AssignmentStatus),
  })
}

export function deliveryPath(assignmentId: string, token: string) {
  return `/delivery/${assignmentId}/${encodeURIComponent(token)}`
}

/** The assignment a delivery-link token opens, or null. */
export async function findAssignmentByLinkToken(token: string) {
  if (!token) return null
  return db.runnerAssignment.findFirst({
    where: { linkTokenHash: hashToken(token) },
  })
}

async function loadAssignment(where: Prisma.RunnerAssignmentWhereInput) {
  return db.runnerAssignment.findFirst({ where, include: FULL })
}

/**
 * Opens an assignment for a token: its delivery-link token, or the token of the runner it belongs to.
 * A bad token is 401; a good runner token on someone else's assignment is 404, so it tells nothing.
 */
export async function openAssignment(assignmentId: string, token: string | null | undefined): Promise<AssignmentAccess> {
  if (!token) throw new Unauthorized(INVALID_TOKEN)
  const assignment = await loadAssignment({ id: assignmentId })
  if (assignment && tokenMatches(token, assignment.linkTokenHash)) {
    setActor({ type: 'runner', id: assignment.runnerId, name: assignment.runner.name, orgId: assignment.organisationId })
    return { assignment, via: 'link' }
  }
  const runner = await findRunnerByToken(token)
  if (!runner || !runner.isActive) throw new Unauthorized(INVALID_TOKEN)
  if (!assignment || assignment.runnerId !== runner.id) throw new NotFound('Order not found')
  setActor({ type: 'runner', id: runner.id, name: runner.name, orgId: runner.organisationId })
  return { assignment, via: 'runner' }
}

export async function openAssignmentAsManager(orgId: string, assignmentId: string): Promise<AssignmentAccess> {
  const assignment = await loadAssignment({
    id: assignmentId,
    organisationId: orgId,
  })
  if (!assignment) throw new NotFound('Assignment not found')
  return { assignment, via: 'manager' }
}

/** The token of a request: either the X-Runner-Token header or ?token=. */
export function tokenFrom(request: Request) {
  return request.headers.get('x-runner-token') ?? new URL(request.url).searchParams.get('token')
}

/** Assigns a pending request to a runner and texts them the delivery link. */
type AssigningRow = {
  id: string
  orderNumber: string
  vendorName: string
  status: string
  notes: string | null
  urgent: number | boolean
  neededBy: string | null
  fieldAnswers: string | null
  photos: string | null
  propertyId: string | null
  propertyKey: string | null
  propertyName: string
  propertyAddress: string
  items: string
  runnerId: string | null
  runnerName: string | null
  runnerPhone: string | null
  runnerActive: number | bigint | boolean | null
}

/**
 * The request with what the answer shows (property, items and their products) and the runner, in
 * one statement: through the ORM's relations it was five (request, property, items, products,
 * runner), each paying the query compiler, on a path whose budget is 6 ms (decision 059). Items
 * come in the order the ORM gave them (the requestId index, i.e. as they were inserted).
 */
async function readForAssigning(orgId: string, requestId: string, runnerId: string) {
  const row = await readNow((sql) =>
    sql.one<AssigningRow>(
      `SELECT r.id, r.orderNumber, r.vendorName, r.status, r.notes, r.urgent, r.neededBy, r.fieldAnswers, r.photos, r.propertyId, p.id AS propertyKey, p.name AS propertyName, p.address AS propertyAddress,
        (SELECT json_group_array(json_object('productId', i.productId, 'productName', i.productName, 'quantity', i.quantity,
            'hasProduct', pr.id IS NOT NULL, 'category', pr.category, 'imageUrl', pr.imageUrl, 'thumbnailUrl', pr.thumbnailUrl, 'imageAlt', pr.imageAlt))
          FROM RequestItem i LEFT JOIN Product pr ON pr.id = i.productId WHERE i.requestId = r.id) AS items,
        ru.id AS runnerId, ru.name AS runnerName, ru.phone AS runnerPhone, ru.isActive AS runnerActive
      FROM ProductRequest r
      LEFT JOIN Property p ON p.id = r.propertyId
      LEFT JOIN Runner ru ON ru.id = ? AND ru.organisationId = r.organisationId
      WHERE r.id = ? AND r.organisationId = ?`,
      runnerId,
      requestId,
      orgId,
    ),
  )
  if (!row) return { request: null, runner: null }
  const items = (JSON.parse(row.items) as ItemWithProductRow[]).map(itemWithProduct)
  const property = row.propertyKey ? { id: row.propertyKey, name: row.propertyName, address: row.propertyAddress } : null
  const details = {
    urgent: Boolean(Number(row.urgent)),
    neededBy: row.neededBy ? new Date(row.neededBy) : null,
    fieldAnswers: row.fieldAnswers,
    photos: row.photos,
  }
  const request = { id: row.id, orderNumber: row.orderNumber, vendorName: row.vendorName, status: row.status, notes: row.notes, propertyId: row.propertyId, property, items, ...details }
  const runner = row.runnerId ? { id: row.runnerId, name: row.runnerName!, phone: row.runnerPhone!, isActive: Boolean(Number(row.runnerActive)) } : null
  return { request, runner }
}

export async function assignRunner(orgId: string, input: AssignInput, origin: string) {
  // Read once with what the answer shows, so the answer is built without reading it all again (decision 045).
  const { request, runner } = await readForAssigning(orgId, input.requestId, input.runnerId)
  if (!request) throw new NotFound('Request not found')
  if (!runner) throw new NotFound('Runner not found')
  if (!runner.isActive)
    throw new Invalid('This runner is not active.', {
      runnerId: ['This runner is not active.'],
    })
  if (request.status === 'completed' || request.status === 'archived') {
    throw new Conflict(`This request is ${request.status} and cannot be assigned.`)
  }

  const linkToken = newToken()
  // Without an SMS account nothing is sent: the outcome is known now and written with the assignment.
  const smsOff = !smsConfig()
  // One plain-SQL transaction of kept statements (decision 063): through the ORM these cost ~1 ms each.
  const created = await writeTogether((sql) => {
    // Inside the transaction, so two managers assigning at once cannot both pass. The same statement
    // reads the request's status as the transaction sees it, for its history (decision 059).
    const now = sql.one<RequestStatusRow & { active: number }>(
      `SELECT r.status, r.organisationId, r.orderNumber,
        EXISTS (SELECT 1 FROM RunnerAssignment a WHERE a.requestId = r.id AND a.status NOT IN (${CLOSED_STATUSES.map(() => '?').join(', ')})) AS active
      FROM ProductRequest r WHERE r.id = ?`,
      ...CLOSED_STATUSES,
      request.id,
    )
    if (now && now.active) throw new Conflict('This request already has an active assignment.')
    // The row as the ORM's create would have made it (its defaults), so the answer is the row written.
    const at = new Date()
    const assignment = {
      id: newRowId(),
      organisationId: orgId,
      requestId: request.id,
      runnerId: runner.id,
      status: 'assigned' satisfies AssignmentStatus as string,
      assignedAt: at,
      deliveredAt: null,
      smsStatus: (smsOff ? 'skipped' : 'pending') satisfies SmsOutcome | 'pending' as string,
      notes: input.notes ?? null,
      linkTokenHash: hashToken(linkToken),
      updatedAt: at,
    }
    sql.run(
      'INSERT INTO RunnerAssignment (id, organisationId, requestId, runnerId, status, assignedAt, smsStatus, notes, linkTokenHash, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      assignment.id,
      orgId,
      request.id,
      runner.id,
      assignment.status,
      sqlDate(at),
      assignment.smsStatus,
      assignment.notes,
      assignment.linkTokenHash,
      sqlDate(at),
    )
    // Without the row (deleted meanwhile) it is read again there and not found, as before.
    recordRequestStatusIn(sql, request.id, 'in_progress', `Assigned to ${runner.name}`, now && { status: now.status, organisationId: now.organisationId, orderNumber: now.orderNumber })
    recordActivityIn(sql, orgId, 'assignment.updated', assignment.id)
    notifyOrganisationIn(sql, orgId, {
      type: 'other',
      message: `${request.orderNumber} assigned to ${runner.name}`,
      requestId: request.id,
      propertyId: request.propertyId,
      assignmentId: assignment.id,
    })
    return assignment
  })

  // Outside the transaction: the assignment stands whatever the SMS provider does.
  const shareableUrl = origin + deliveryPath(created.id, linkToken)
  const assignment = smsOff
    ? created
    : await db.runnerAssignment.update({
        where: { id: created.id },
        data: { smsStatus: await sendSms(runner.phone, `Stockrun: delivery ${request.orderNumber} is assigned to you. Details: ${shareableUrl}`) },
      })
  const requesterUpdates = await tellRequesters(request.id, 'assigned', origin)
  const { property, items, id, orderNumber, vendorName, notes, urgent, neededBy, fieldAnswers, photos } = request
  // The request is in progress now (recordRequestStatus above); a new assignment has no proof yet.
  const full: FullAssignment = {
    ...assignment,
    runner: { id: runner.id, name: runner.name, phone: runner.phone },
    request: { id, orderNumber, vendorName, status: 'in_progress', notes, urgent, neededBy, fieldAnswers, photos, property, items },
    proof: null,
  }
  return { ...toView(full), shareableUrl, requesterUpdates }
}

/**
 * A new shareable link for the assignment. Only the digest is kept, so an earlier link cannot be shown
 * again: a new one replaces it, and the earlier one (including the one sent by SMS) stops working.
 */
export async function generateDeliveryLink(orgId: string, assignmentId: string, origin: string) {
  const { assignment } = await openAssignmentAsManager(orgId, assignmentId)
  const token = newToken()
  await db.runnerAssignment.update({
    where: { id: assignment.id },
    data: { linkTokenHash: hashToken(token) },
  })
  await recordAudit({ orgId, action: 'assignment.link_rotated', target: { type: 'assignment', id: assignment.id }, details: { orderNumber: assignment.request.orderNumber } })
  return { shareableUrl: origin + deliveryPath(assignment.id, token) }
}

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

/** What a status change answers, for a repeated request that must answer the same. */
export function assignmentView(access: AssignmentAccess) {
  return toView(access.assignment)
}

/**
 * The delivery order (spec §3), for the delivery page and GET /api/delivery/:id alike: everything
 * about the delivery, the address included, and the proof only once there is one.
 */
export function deliveryOrder(access: AssignmentAccess) {
  const a = access.assignment
  const property = a.request.property
  const order = {
    assignment: { id: a.id, status: a.status, notes: a.notes },
    request: {
      id: a.request.id,
      orderNumber: a.request.orderNumber,
      vendorName: a.request.vendorName,
      ...detailsFromColumns(a.request),
      requestedProducts: a.request.items.map((i) => ({
        id: i.productId,
        name: i.productName,
        category: i.product?.category ?? null,
        quantity: i.quantity,
        ...(i.product?.imageUrl ? { imageUrl: i.product.imageUrl } : {}),
        thumbnailUrl: i.product?.thumbnailUrl ?? null,
        imageAlt: i.product?.imageAlt ?? null,
      })),
    },
    property: { name: property?.name ?? null, address: property?.address ?? null },
    runner: { name: a.runner.name, phone: a.runner.phone },
  }
  if (!a.proof) return order
  const { imageUrl, thumbnailUrl, notes, submittedAt } = a.proof
  return { ...order, deliveryProof: { imageUrl, thumbnailUrl, notes, submittedAt } }
}

export type DeliveryOrder = ReturnType<typeof deliveryOrder>

/** Dispatch's Current Assignments: every assignment not yet delivered or cancelled, oldest first. */
export async function listCurrentAssignments(orgId: string) {
  // Through the open-assignments partial index (decision 056), in full in two kept statements (decision 102).
  return (await openAssignmentsInFull(orgId, 500)).map((a) => toView(a))
}

/** A runner's portal: everything still to do, and the last few deliveries. */
export async function runnerAssignments(runnerId: string) {
  const [active, completed] = await Promise.all([
    db.runnerAssignment.findMany({
      where: { runnerId, status: { notIn: CLOSED_STATUSES } },
      include: FULL,
      orderBy: [{ assignedAt: 'asc' }, { id: 'asc' }],
      take: 200,
    }),
    db.runnerAssignment.findMany({
      where: { runnerId, status: 'delivered' },
      include: FULL,
      orderBy: [{ deliveredAt: 'desc' }, { id: 'desc' }],
      take: RECENT_COMPLETED,
    }),
  ])
  return {
    active: active.map(runnerView),
    completed: completed.map(runnerView),
  }
}
