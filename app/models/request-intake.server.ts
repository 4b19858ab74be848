// How a product request comes in: from a vendor at a property's QR code, or typed in by a manager.
// Every rule is checked inside the write transaction that takes the order number, so a product
// switched off a moment ago, or a property deactivated, can never slip into a request.
import type { Prisma, ProductRequest } from '@prisma/client'
import { db } from '~/lib/db.server'
import { Invalid, NotFound } from '~/lib/errors'
import { invalidFromZod } from '~/lib/http.server'
import { REQUEST_MESSAGES, requestInputSchema, type RequestInput, type RequestSource } from '~/lib/schemas/request-input'
import { hashToken, newToken } from '~/lib/tokens.server'
import { recordActivity } from './activity-event.server'
import { giveHandoverCode } from './handover.server'
import { notifyOrganisation, textManagersWhoAskedForSms } from './notification.server'
import { queueRequest } from './request-batch.server'
import { nextOrderNumber } from './sequence.server'
import { enqueueWebhookEvent } from './webhook.server'
import { getOrganisationSettings } from './organisation-settings.server'
import { checkRequestDetails, detailsForWebhook, detailsFromColumns, detailsToColumns } from './request-details.server'

export type { ProductRequest }

export {
  MANAGER_MAX_QUANTITY,
  MAX_REQUEST_LINES,
  REQUEST_MESSAGES,
  VENDOR_MAX_QUANTITY,
  requestInputSchema,
  type RequestInput,
  type RequestSource,
  type ValidRequestInput,
} from '~/lib/schemas/request-input'

// Built once: zod compiles a schema on its first parse, and that compile cost more than the parse on every request.
const inputSchemas = { vendor: requestInputSchema('vendor'), manager: requestInputSchema('manager') }

/**
 * Creates a pending request with the next order number, its items, its first status change, a
 * tracking token (returned once, stored hashed) and a 'new_request' notification, all or nothing.
 * NotFound when the property is not this organisation's (or, for vendors, not active); Invalid with
 * per-line messages when a product is not assigned to the property or not active.
 */
export async function createRequest(
  orgId: string,
  input: RequestInput,
  options: {
    source: RequestSource
    language?: string
    /** Runs first inside the write transaction: a standing order claims its occurrence there, so the request is made once or not at all. */
    claim?: (tx: Prisma.TransactionClient) => Promise<unknown>
    note?: string
    /** The vendor page posts answers as a form does (a ticked box is present, an unticked one absent). */
    answersFrom?: 'json' | 'form'
  },
): Promise<{ request: ProductRequest; trackingToken: string; handoverCode: string | null }> {
  const parsed = inputSchemas[options.source].safeParse(input)
  if (!parsed.success) throw invalidFromZod(parsed.error)
  const valid = parsed.data
  const details = await checkRequestDetails(valid, options.answersFrom, options.source)
  // Written together with whatever else arrives meanwhile (decision 043); a claim needs a transaction of its own.
  if (!options.claim) return queueRequest({ orgId, valid, details, source: options.source, language: options.language, note: options.note })

  const created = await db.$transaction(async (tx) => {
    if (options.claim) await options.claim(tx)
    const property = await tx.property.findFirst({ where: { id: valid.propertyId, organisationId: orgId } })
    const offeredToVendors = property?.isActive && property.qrCodeActive
    if (!property || (options.source === 'vendor' && !offeredToVendors)) throw new NotFound(REQUEST_MESSAGES.propertyNotFound)

    const offered = await tx.propertyProduct.findMany({
      where: {
        propertyId: property.id,
        productId: { in: valid.requestedProducts.map((line) => line.productId) },
        product: { organisationId: orgId, isActive: true },
      },
      select: { product: { select: { id: true, name: true } } },
    })
    const names = new Map(offered.map(({ product }) => [product.id, product.name]))
    const fieldErrors: Record<string, string[]> = {}
    valid.requestedProducts.forEach((line, i) => {
      if (!names.has(line.productId)) fieldErrors[`requestedProducts.${i}.productId`] = [REQUEST_MESSAGES.unavailableProduct]
    })
    if (Object.keys(fieldErrors).length > 0) throw new Invalid(REQUEST_MESSAGES.unavailableProduct, fieldErrors)

    const trackingToken = newToken()
    const request = await tx.productRequest.create({
      data: {
        organisationId: orgId,
        orderNumber: await nextOrderNumber(tx, orgId),
        propertyId: property.id,
        vendorName: valid.vendorName,
        notes: valid.notes,
        status: 'pending',
        language: options.language ?? null,
        trackingTokenHash: hashToken(trackingToken),
        ...detailsToColumns(details),
        items: {
          create: valid.requestedProducts.map((line) => ({
            organisationId: orgId,
            productId: line.productId,
            productName: names.get(line.productId)!,
            quantity: line.quantity,
          })),
        },
        history: { create: { status: 'pending', note: options.note ?? (options.source === 'vendor' ? 'Sent by the vendor' : 'Entered by a manager') } },
      },
    })
    await recordActivity(tx, orgId, 'request.created', request.id)
    // Only a vendor sees their tracking page, so only their requests get a code to show at the door.
    const handoverCode = options.source === 'vendor' ? await giveHandoverCode(tx, request.id, trackingToken) : null
    await notifyOrganisation(
      orgId,
      {
        type: 'new_request',
        message: `${details.urgent ? 'URGENT: ' : ''}New request ${request.orderNumber} from ${request.vendorName} at ${property.name}`,
        propertyId: property.id,
        requestId: request.id,
      },
      tx,
    )
    await enqueueWebhookEvent(tx, orgId, 'request.created', {
      request: { id: request.id, orderNumber: request.orderNumber, status: request.status, vendorName: request.vendorName, propertyId: property.id, source: options.source, ...detailsForWebhook(details) },
    })
    return { request, trackingToken, handoverCode, propertyName: property.name }
  })
  const { propertyName, ...result } = created
  await textManagersWhoAskedForSms(
    orgId,
    `Stockrun: new request ${result.request.orderNumber} from ${result.request.vendorName} at ${propertyName}.`,
  )
  return result
}

/**
 * A vendor's request from a property's QR code. The property says whose request it is, read in the
 * same transaction that writes it: NotFound when the property is unknown, inactive or its code is off.
 */
export async function sendVendorRequest(input: RequestInput, options: { language?: string } = {}) {
  const parsed = inputSchemas.vendor.safeParse(input)
  if (!parsed.success) throw invalidFromZod(parsed.error)
  const details = await checkRequestDetails(parsed.data)
  return queueRequest({ orgId: null, valid: parsed.data, details, source: 'vendor', language: options.language })
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
