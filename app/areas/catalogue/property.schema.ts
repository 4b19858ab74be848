// Property input, shared by the Logistics page forms (conform) and /api/properties.
import { z } from 'zod'
import { booleanInput, requiredText } from '~/lib/common.schema'

export const PROPERTY_NAME_REQUIRED = 'Property name is required'
export const ADDRESS_REQUIRED = 'Address is required'
export const QR_URL_INVALID = 'QR code URL must be an http(s) URL'

const name = requiredText(PROPERTY_NAME_REQUIRED, 200)
const address = requiredText(ADDRESS_REQUIRED, 500)

/** POST /api/properties and the create form: a property is active, its QR code off, unless told otherwise. */
export const PropertyInput = z.object({
  name,
  address,
  isActive: booleanInput.optional().default(true),
  qrCodeActive: booleanInput.optional().default(false),
})

// The QR code must open in a phone's browser; anything else (javascript:, data:) must never be encoded.
const qrCodeUrl = z
  .string({ error: QR_URL_INVALID })
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .refine((v) => {
    try {
      const url = new URL(v)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, QR_URL_INVALID)
  .nullable()

const qrCodeGeneratedAt = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'QR code time must be an ISO date' })
  .transform((v) => new Date(v))
  .nullable()

/**
 * PUT /api/properties/:id: any of the create fields, or the spec's QR shapes
 * ({qrCodeActive:false, qrCodeUrl:null, qrCodeGeneratedAt:null} and {qrCodeUrl, qrCodeGeneratedAt}).
 * Only what is sent changes.
 */
export const PropertyUpdate = z
  .object({
    name: name.optional(),
    address: address.optional(),
    isActive: booleanInput.optional(),
    qrCodeActive: booleanInput.optional(),
    qrCodeUrl: qrCodeUrl.optional(),
    qrCodeGeneratedAt: qrCodeGeneratedAt.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one field to change' })

export const PRODUCT_REQUIRED = 'Product is required'

/** POST /api/properties/:id/products: one product per call. */
export const AssignProductInput = z.object({
  productId: z.string({ error: PRODUCT_REQUIRED }).trim().min(1, PRODUCT_REQUIRED),
})

/** The page's checklist: checkboxes named productId, so one value or many. */
export const AssignProductsForm = z.object({
  productId: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string()).min(1, 'Select at least one product to assign.'),
  ),
})
