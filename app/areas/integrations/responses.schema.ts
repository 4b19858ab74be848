// What the /api routes answer, as JSON on the wire (dates as ISO strings), for the OpenAPI document's
// response schemas. Objects are closed, so a field added to an answer without being described here
// fails api.openapi.test.ts, which checks real answers against the document (decision 051). A
// request's answers are the requests area's (request-answer.schema.ts), so that adding a request
// field stays in that area.
import { z } from 'zod'
import { VENDOR_LANGUAGE_CODES } from '~/i18n/config'
import { API_SCOPES } from '~/areas/organisation/route-contract'
import { AUDIT_ACTOR_TYPES } from '~/areas/organisation/audit-log.schema'
import { WEBHOOK_EVENTS } from './integrations.schema'

const instant = z.iso.datetime()
const text = z.string().nullable()
const decimal = z.string().regex(/^-?\d+\.\d{2}$/)

export const ProductAnswer = z.strictObject({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  category: text,
  description: text,
  price: text,
  imageUrl: text,
  thumbnailUrl: text,
  imageAlt: text,
  isActive: z.boolean(),
  supplierId: text,
  unitCost: z.number().nullable(),
  createdAt: instant,
  updatedAt: instant,
})

export const ProductWithTranslationsAnswer = ProductAnswer.extend({
  translations: z.partialRecord(z.enum(VENDOR_LANGUAGE_CODES), z.strictObject({ name: z.string(), description: text })),
})

/** A new product carries its translations only when the call sent some. */
export const ProductCreatedAnswer = ProductAnswer.extend({ translations: ProductWithTranslationsAnswer.shape.translations.optional() })

/** What a vendor sees of a product: no price, nothing else of the organisation's; in ?lang= where translated. */
export const VendorProductAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  category: text,
  description: text,
  imageUrl: text,
  thumbnailUrl: text,
  imageAlt: text,
})

export const AssignedProductAnswer = ProductAnswer.extend({ parLevel: z.number().int().min(0).nullable() })

export const ParLevelAnswer = z.strictObject({ propertyId: z.string(), productId: z.string(), parLevel: z.number().int().min(0).nullable() })

export const ReorderSuggestionAnswer = z.strictObject({
  productId: z.string(),
  productName: z.string(),
  parLevel: z.number().int().min(0).nullable(),
  averageDailyUse: z.number().min(0),
  lastDeliveredAt: instant.nullable(),
  suggestedQuantity: z.number().int().min(1),
  reason: z.enum(['no_history', 'runs_out_this_week']),
})

export const StandingOrderAnswer = z.strictObject({
  id: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  vendorName: z.string(),
  items: z.array(z.strictObject({ productId: z.string(), quantity: z.number().int().min(1) })),
  every: z.enum(['day', 'week', 'month']),
  weekday: z.number().int().min(0).max(6).nullable(),
  dayOfMonth: z.number().int().min(1).max(31).nullable(),
  time: z.string(),
  timezone: z.string(),
  createdAt: instant,
  nextRunAt: instant.nullable(),
})

const consumption = { quantity: z.number().int(), requests: z.number().int(), spend: decimal }
export const ConsumptionReportAnswer = z.strictObject({
  rows: z.array(z.strictObject({ propertyId: z.string().nullable(), propertyName: z.string(), productId: z.string().nullable(), productName: z.string(), ...consumption })),
  totals: z.strictObject(consumption),
})

const scopes = z.array(z.enum(API_SCOPES))
export const ApiKeyCreatedAnswer = z.strictObject({ id: z.string(), name: z.string(), key: z.string(), scopes })
export const ApiKeyAnswer = z.strictObject({ id: z.string(), name: z.string(), prefix: z.string(), scopes, createdAt: instant, lastUsedAt: instant.nullable() })

const events = z.array(z.enum(WEBHOOK_EVENTS))
export const WebhookCreatedAnswer = z.strictObject({ id: z.string(), url: z.string(), events, secret: z.string() })
export const WebhookAnswer = z.strictObject({ id: z.string(), url: z.string(), events, createdAt: instant })

const count = z.number().int().min(0)
/** `created` and `updated` are rows written: 0 unless `applied`; what the good rows would do is in `preview`. */
export const ImportAnswer = z.strictObject({
  applied: z.boolean(),
  created: count,
  updated: count,
  errors: z.array(z.strictObject({ row: z.number().int().min(1), message: z.string() })),
  preview: z.strictObject({
    created: count,
    updated: count,
    rows: z.array(z.strictObject({ row: z.number().int().min(1), action: z.enum(['create', 'update']), name: z.string() })),
  }),
})
/** A file with a bad row (422): nothing was applied; `error` says so, `errors` which rows. */
export const ImportRefusedAnswer = ImportAnswer.extend({ error: z.string() })

export const AuditEventAnswer = z.strictObject({
  id: z.string(),
  at: instant,
  actor: z.strictObject({ type: z.enum(AUDIT_ACTOR_TYPES), id: text, name: text }),
  action: z.string(),
  target: z.strictObject({ type: z.string(), id: text }),
  details: z.record(z.string(), z.unknown()).nullable(),
})

export const MemberAnswer = z.strictObject({ userId: z.string(), email: z.string(), name: z.string(), role: z.string(), joinedAt: instant, lastActiveAt: instant.nullable() })
export const MembersAnswer = z.strictObject({ members: z.array(MemberAnswer) })
export const MemberRoleAnswer = z.strictObject({ userId: z.string(), email: z.string(), role: z.string() })
export const MemberRemovedAnswer = z.strictObject({ userId: z.string(), email: z.string(), removed: z.literal(true) })
export const OwnershipTransferredAnswer = z.strictObject({ owner: MemberRoleAnswer, previousOwner: MemberRoleAnswer })
/** An invitation as answers show it: never its token, which only the e-mail carries. */
export const InvitationAnswer = z.strictObject({ id: z.string(), email: z.string(), role: z.string(), expiresAt: instant })
export const InvitationCreatedAnswer = z.strictObject({ invitation: InvitationAnswer })
export const InvitationRevokedAnswer = z.strictObject({ invitation: InvitationAnswer, revoked: z.literal(true) })
export const InvitationsAnswer = z.strictObject({ invitations: z.array(InvitationAnswer.extend({ createdAt: instant, expired: z.boolean() })) })
