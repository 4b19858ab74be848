// An assignment as the one acting on it sees it: its runner (by their token), the holder of its
// delivery link, or a manager; who may open it, what each of them is shown, a runner's list and the
// link a manager shares. The rules of its moves are here; the moves themselves (status, proof) are in
// delivery-progress.server.ts, giving a request to a runner in assign-runner.server.ts.
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
import type { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
import { detailsFromColumns } from '~/areas/requests/request-details.server'
import { NotFound, Unauthorized } from '~/lib/errors'
import type { AssignmentStatus } from '~/areas/deliveries/dispatch.schema'
import { hashToken, newToken, tokenMatches } from '~/lib/tokens.server'
import { findRunnerByToken, INVALID_TOKEN } from './runner.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { openAssignmentsInFull } from './dispatch-board.server'
import { setActor } from '~/lib/actor-context.server'


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

export type FullAssignment = Prisma.RunnerAssignmentGetPayload<{
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

export function toView(a: ViewedAssignment, options: { revealAddress?: boolean } = {}) {
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

export async function loadAssignment(where: Prisma.RunnerAssignmentWhereInput) {
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
