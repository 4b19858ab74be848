// How a product request comes in, whichever way: a vendor at a property's QR code (the page or the
// API), a manager typing it in, a reorder suggestion taken, a standing order's slot coming due.
// createRequest is the one way in (decision 118): each request gets the same checks, order number,
// history note, handover code, notification, text and webhook, written by the group commit
// (request-batch, decisions 043 and 063) in the write transaction that checks the catalogue, so a
// product switched off a moment ago, or a property deactivated, can never slip into a request.
import type { ProductRequest } from '@prisma/client'
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'
import { invalidFromZod } from '~/lib/http.server'
import { requestInputSchema, type RequestInput, type RequestSource } from '~/areas/requests/request-input.schema'
import { hashToken } from '~/lib/tokens.server'
import { queueRequest, type Claim } from './request-batch.server'
import { getOrganisationSettings } from '~/areas/organisation/organisation-settings.server'
import { checkRequestDetails, detailsFromColumns } from './request-details.server'

export type { ProductRequest }
export { ClaimTaken, type Claim } from './request-batch.server'

export {
  MANAGER_MAX_QUANTITY,
  MAX_REQUEST_LINES,
  REQUEST_MESSAGES,
  VENDOR_MAX_QUANTITY,
  requestInputSchema,
  type RequestInput,
  type RequestSource,
  type ValidRequestInput,
} from '~/areas/requests/request-input.schema'

// Built once: zod compiles a schema on its first parse, and that compile cost more than the parse on every request.
const inputSchemas = { vendor: requestInputSchema('vendor'), manager: requestInputSchema('manager') }

/**
 * Creates a pending request with the next order number, its items, its first status change, a
 * tracking token (returned once, stored hashed), a vendor's handover code, a 'new_request'
 * notification and a 'request.created' webhook, all or nothing; then texts the managers who asked.
 * `orgId` null: a vendor at a QR code, whose request belongs to the property's organisation.
 * NotFound when the property is not this organisation's (or, for vendors, not offered at its QR
 * code); Invalid with per-line messages when a product is not assigned to the property or not
 * active; ClaimTaken when `claim` says its slot is taken.
 */
export async function createRequest(
  orgId: string | null,
  input: RequestInput,
  options: {
    source: RequestSource
    language?: string
    /** Taken in the write transaction, after the checks: a standing order's slot, so its request is made once or not at all. */
    claim?: Claim
    /** The first history entry's note; by default who sent it. */
    note?: string
    /** The vendor page posts answers as a form does (a ticked box is present, an unticked one absent). */
    answersFrom?: 'json' | 'form'
  },
): Promise<{ request: ProductRequest; trackingToken: string; handoverCode: string | null }> {
  // Only a vendor's request may leave its organisation to the property: a manager's is always their own.
  if (orgId === null && options.source !== 'vendor') throw new Error("A manager's request needs their organisation")
  const parsed = inputSchemas[options.source].safeParse(input)
  if (!parsed.success) throw invalidFromZod(parsed.error)
  const valid = parsed.data
  const details = await checkRequestDetails(valid, options.answersFrom, options.source)
  return queueRequest({ orgId, valid, details, source: options.source, language: options.language, note: options.note, claim: options.claim })
}

export type TrackingStage = 'received' | 'assigned' | 'on_the_way' | 'delivered' | 'closed'

/**
 * Where a request stands, as a vendor understands it. The request's own status says what managers
 * decided; its latest delivery says how far the runner got.
 */
export function trackingStage(requestStatus: string, assignmentStatus: string | null): TrackingStage {
  if (requestStatus === 'completed' || assignmentStatus === 'delivered') return 'delivered'
  if (requestStatus === 'archived') return 'closed'
  if (assignmentStatus === 'in_transit' || assignmentStatus === 'picked_up') return 'on_the_way'
  if (assignmentStatus === 'assigned' || requestStatus === 'in_progress') return 'assigned'
  return 'received'
}

/** The vendor's view of their request, by the token in their tracking link; NotFound for any other token. */
export async function findTrackedRequest(token: string) {
  const request = await db.productRequest.findUnique({
    where: { trackingTokenHash: hashToken(token) },
    select: {
      id: true,
      orderNumber: true,
      vendorName: true,
      status: true,
      language: true,
      createdAt: true,
      organisationId: true,
      urgent: true,
      neededBy: true,
      fieldAnswers: true,
      photos: true,
      property: { select: { id: true, name: true, address: true, isActive: true } },
      items: { select: { productName: true, quantity: true }, orderBy: { productName: 'asc' } },
      assignments: { select: { status: true, deliveredAt: true }, orderBy: { assignedAt: 'desc' }, take: 1 },
      handoverCode: { select: { requestId: true } },
    },
  })
  if (!request) throw new NotFound('Request not found')
  const { assignments, handoverCode, organisationId, urgent, neededBy, fieldAnswers, photos, ...rest } = request
  // Whether the runner must see the code or may only ask for it: the vendor is told which (issue 28).
  const handoverRequired = handoverCode ? (await getOrganisationSettings(organisationId)).requireHandoverCode : false
  const details = detailsFromColumns({ urgent, neededBy, fieldAnswers, photos })
  return {
    ...rest,
    organisationId,
    urgent: details.urgent,
    neededBy: details.neededBy,
    fieldAnswers: details.fieldAnswers,
    photos: details.photos,
    deliveredAt: assignments[0]?.deliveredAt ?? null,
    hasHandoverCode: Boolean(handoverCode),
    handoverRequired,
    stage: trackingStage(request.status, assignments[0]?.status ?? null),
  }
}
