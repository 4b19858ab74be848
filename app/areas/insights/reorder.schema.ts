// Par levels and one-click reorders (issue 15).
import { z } from 'zod'

const PAR_LEVEL_MESSAGE = 'Par level must be a whole number from 0 to 100000, or empty for none'

/** PUT /api/properties/:id/products/:productId. */
export const ParLevelInput = z.object({
  parLevel: z.number({ error: PAR_LEVEL_MESSAGE }).int(PAR_LEVEL_MESSAGE).min(0, PAR_LEVEL_MESSAGE).max(100_000, PAR_LEVEL_MESSAGE).nullable(),
})

/** The property page's par-level field: text from a form, empty meaning none. */
export const ParLevelForm = z.object({
  productId: z.string().min(1),
  parLevel: z.preprocess(
    (v) => (v === undefined || v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    ParLevelInput.shape.parLevel,
  ),
})

/** One click on a suggestion: a request for that product at that quantity. */
export const ReorderForm = z.object({
  productId: z.string().min(1),
  quantity: z.coerce.number().int().min(1).max(99),
})
