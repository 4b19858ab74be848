// What the /api routes answer about requests, as JSON on the wire (dates as ISO strings): the OpenAPI
// document's response schemas for them. Declared in the requests area beside the view they describe
// (RequestView, request.server.ts), so a request field is added, stored, shown and described here and
// nowhere else. Objects are closed: a field added to the view but not here fails api+/openapi.test.ts,
// which checks real answers against the document (decision 051); request-answer.schema.test.ts
// checks the two agree key for key.
import { z } from 'zod'
import { REQUEST_FIELD_TYPES } from './request-fields.schema'

const instant = z.iso.datetime()

// Issue 29: a property's questions, and a request with what the requester told us.
const labels = z.record(z.string(), z.string()).describe('By vendor language (en, es, pt, ru, hi, uk); English is the fallback')
export const RequestFieldsAnswer = z.strictObject({
  fields: z.array(
    z.strictObject({
      key: z.string(),
      type: z.enum(REQUEST_FIELD_TYPES),
      required: z.boolean(),
      labels,
      options: z.array(z.strictObject({ value: z.string(), labels })).optional(),
    }),
  ),
})
const RequestPhotoAnswer = z.strictObject({ imageUrl: z.string(), thumbnailUrl: z.string() })

/** A request waiting for a runner (the dispatch queue): the request's view without its tenant and last change. */
export const QueuedRequestAnswer = z.strictObject({
  id: z.string(),
  orderNumber: z.string(),
  propertyId: z.string().nullable(),
  vendorName: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  createdAt: instant,
  requestedProducts: z.array(z.strictObject({ productId: z.string().nullable(), name: z.string(), quantity: z.number().int() })),
  property: z.strictObject({ id: z.string(), name: z.string(), address: z.string() }).nullable(),
  urgent: z.boolean(),
  neededBy: instant.nullable().describe('When it is needed by (UTC); sent as a time on the property’s clock or with a zone'),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe('The answers to the property’s questions, by key'),
  fieldAnswers: z.array(z.strictObject({ key: z.string(), label: z.string(), type: z.string(), value: z.union([z.string(), z.number(), z.boolean()]), text: z.string() })).describe('The answers with the questions as they were asked'),
  photos: z.array(RequestPhotoAnswer).describe('From a prior POST /api/upload'),
})

/** One request as GET /api/requests, GET /api/requests/:id and POST /api/requests answer it: RequestView on the wire. */
export const RequestAnswer = QueuedRequestAnswer.extend({ tenantId: z.string(), updatedAt: instant })
