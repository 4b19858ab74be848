// What a product request must hold, from a vendor's cart or a manager's form, with the spec's
// messages (§9). Shared by the intake model, its group writer and the OpenAPI document.
import { z } from 'zod'
import { optionalText } from '~/lib/common.schema'

/** Spec §9: a vendor asks for one or two of each product; a manager may type larger orders. */
export const VENDOR_MAX_QUANTITY = 2
export const MANAGER_MAX_QUANTITY = 99
/** More lines than any property stocks: a guard against absurd payloads, not a business limit. */
export const MAX_REQUEST_LINES = 100

export const REQUEST_MESSAGES = {
  propertyRequired: 'Property is required',
  vendorNameRequired: 'Vendor name is required',
  productsRequired: 'Add at least one product to the request',
  productRequired: 'Product is required',
  duplicateProduct: 'Each product can be listed only once',
  unavailableProduct: 'This product is not available at this property',
  vendorQuantity: `Quantity must be 1 or ${VENDOR_MAX_QUANTITY}`,
  managerQuantity: `Quantity must be between 1 and ${MANAGER_MAX_QUANTITY}`,
  tooManyLines: `A request can hold at most ${MAX_REQUEST_LINES} products`,
  propertyNotFound: 'Property not found',
} as const

export type RequestSource = 'vendor' | 'manager'

export type RequestInput = {
  propertyId: string
  vendorName: string
  requestedProducts: Array<{ productId: string; quantity: number }>
  notes?: string | null
  /** Issue 29: what else the requester tells us; checked against the property by request-details. */
  urgent?: boolean
  neededBy?: string | null
  fields?: Record<string, unknown> | null
  photos?: Array<{ imageUrl: string; thumbnailUrl: string }> | null
}

export const MAX_REQUEST_PHOTOS = 3

/** The shape and the per-field messages; whether the products exist is checked against the database. */
export function requestInputSchema(source: RequestSource) {
  const max = source === 'vendor' ? VENDOR_MAX_QUANTITY : MANAGER_MAX_QUANTITY
  const quantityMessage = source === 'vendor' ? REQUEST_MESSAGES.vendorQuantity : REQUEST_MESSAGES.managerQuantity
  return z.object({
    propertyId: z.string({ error: REQUEST_MESSAGES.propertyRequired }).trim().min(1, REQUEST_MESSAGES.propertyRequired),
    vendorName: z
      .string({ error: REQUEST_MESSAGES.vendorNameRequired })
      .trim()
      .min(1, REQUEST_MESSAGES.vendorNameRequired)
      .max(120, 'Vendor name must be at most 120 characters'),
    requestedProducts: z
      .array(
        z.object({
          productId: z.string({ error: REQUEST_MESSAGES.productRequired }).min(1, REQUEST_MESSAGES.productRequired),
          quantity: z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(max, quantityMessage),
        }),
        { error: REQUEST_MESSAGES.productsRequired },
      )
      .min(1, REQUEST_MESSAGES.productsRequired)
      .max(MAX_REQUEST_LINES, REQUEST_MESSAGES.tooManyLines)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>()
        lines.forEach((line, i) => {
          if (seen.has(line.productId)) {
            ctx.addIssue({ code: 'custom', message: REQUEST_MESSAGES.duplicateProduct, path: [i, 'productId'] })
          }
          seen.add(line.productId)
        })
      }),
    notes: optionalText(1000),
    urgent: z.boolean({ error: 'Urgent must be true or false' }).optional(),
    neededBy: z.string({ error: 'Needed by must be a date and time such as 2026-12-01T14:00' }).trim().max(40).nullish(),
    fields: z.record(z.string(), z.unknown(), { error: 'Fields must be an object of answers by key' }).nullish(),
    photos: z
      .array(
        z.object({
          imageUrl: z.string({ error: 'A photo needs its imageUrl from POST /api/upload' }).max(500),
          thumbnailUrl: z.string({ error: 'A photo needs its thumbnailUrl from POST /api/upload' }).max(500),
        }),
        { error: 'Photos must be a list of { imageUrl, thumbnailUrl }' },
      )
      .max(MAX_REQUEST_PHOTOS, `A request can carry at most ${MAX_REQUEST_PHOTOS} photos`)
      .nullish(),
  })
}

export type ValidRequestInput = z.output<ReturnType<typeof requestInputSchema>>

