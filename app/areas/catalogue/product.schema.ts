// Product input, shared by the products page form (conform) and /api/products.
import { z } from 'zod'
import { priceText } from '~/lib/money'
import { booleanInput, IMAGE_UPLOAD_LIMIT_BYTES, IMAGE_URL_NOT_ALLOWED, isAllowedImageUrl, requiredText } from '~/lib/common.schema'
import { ProductTranslations } from './translation.schema'

// Products were the first to take images; the rule now lives beside the other building blocks.
export { IMAGE_UPLOAD_LIMIT_BYTES, IMAGE_URL_NOT_ALLOWED, isAllowedImageUrl } from '~/lib/common.schema'

export const PRODUCT_NAME_REQUIRED = 'Product name is required'
export const PRICE_NEEDS_AMOUNT = 'Enter a price with an amount, e.g. $12.50'

/** Text a client may clear with "" or null. Missing is decided per use: cleared (PUT) or left alone (PATCH). */
const clearable = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null))

// Stored as "$12.50" however it was typed, so the catalogue, vendor page and invoices read one form.
const price = clearable(50)
  .refine((v) => v === null || priceText(v) !== null, PRICE_NEEDS_AMOUNT)
  .transform((v) => (v === null ? null : priceText(v)))
const imageUrl = clearable(2000).refine((v) => v === null || isAllowedImageUrl(v), IMAGE_URL_NOT_ALLOWED)

const optionalFields = {
  category: clearable(100),
  description: clearable(2000),
  price,
  imageUrl,
  thumbnailUrl: imageUrl,
  imageAlt: clearable(300),
}
const name = requiredText(PRODUCT_NAME_REQUIRED, 200)

export const UNIT_COST_INVALID = 'Enter what one costs to buy, e.g. 4.50'
// Purchasing (issue 37): who the product is bought from and what one costs to buy. Left out of a PUT
// they stay as they are (as translations do), so a catalog sync that knows nothing of purchasing
// keeps them; null clears. The supplier is checked to be the organisation's by the route.
const supplierId = z.string({ error: 'Choose a supplier' }).trim().max(100).nullable().transform((v) => (v ? v : null))
const unitCost = z.number({ error: UNIT_COST_INVALID }).min(0, UNIT_COST_INVALID).max(1_000_000, UNIT_COST_INVALID).nullable()
// A form sends the cost as text, "" when left empty.
const unitCostText = z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : v), unitCost)
const clearedWhenMissing = <T extends z.ZodType>(schema: T) => schema.optional().transform((v) => v ?? null)

/** POST and PUT: the whole product; a field left out is cleared, and a product is active unless told otherwise. */
export const ProductInput = z.object({
  name,
  category: clearedWhenMissing(optionalFields.category),
  description: clearedWhenMissing(optionalFields.description),
  price: clearedWhenMissing(optionalFields.price),
  imageUrl: clearedWhenMissing(optionalFields.imageUrl),
  thumbnailUrl: clearedWhenMissing(optionalFields.thumbnailUrl),
  imageAlt: clearedWhenMissing(optionalFields.imageAlt),
  isActive: booleanInput.optional().default(true),
  translations: ProductTranslations.optional(), // issue 15: left out, the translations stay as they are
  supplierId: supplierId.optional(),
  unitCost: unitCost.optional(),
})

/** PATCH: only the fields sent change. */
export const ProductPatch = z
  .object({
    name: name.optional(),
    category: optionalFields.category.optional(),
    description: optionalFields.description.optional(),
    price: optionalFields.price.optional(),
    imageUrl: optionalFields.imageUrl.optional(),
    thumbnailUrl: optionalFields.thumbnailUrl.optional(),
    imageAlt: optionalFields.imageAlt.optional(),
    isActive: booleanInput.optional(),
    translations: ProductTranslations.optional(),
    supplierId: supplierId.optional(),
    unitCost: unitCost.optional(),
  })
  // A key that was not sent must not reach the update as undefined-turned-null.
  .transform((changes) => Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<z.output<typeof ProductInput>>)

/**
 * The add/edit dialog: the same fields, with the image as a file (uploaded with the form, so it works
 * without JavaScript) instead of URLs. `removeImage` lets an edit drop the current picture.
 */
export const ProductForm = z.object({
  name,
  category: clearedWhenMissing(optionalFields.category),
  description: clearedWhenMissing(optionalFields.description),
  price: clearedWhenMissing(optionalFields.price),
  imageAlt: clearedWhenMissing(optionalFields.imageAlt),
  isActive: booleanInput.optional().default(false),
  removeImage: booleanInput.optional().default(false),
  // Missing (a form from before purchasing), they stay as they are.
  supplierId: supplierId.optional(),
  unitCost: unitCostText.optional(),
  // What the file really is gets checked by decoding it (services/images.server.ts), not by its declared type.
  image: z.file({ error: 'Invalid File' }).max(IMAGE_UPLOAD_LIMIT_BYTES, 'The image must be at most 15 MB').optional(),
})
