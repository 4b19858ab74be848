// A standing order's input: POST /api/standing-orders (JSON) and the property page's form.
import { z } from 'zod'
import { listedTimeZone, UNKNOWN_TIME_ZONE } from '~/lib/time-zones'

export const STANDING_ORDER_MAX_QUANTITY = 99

const quantityMessage = `Quantity must be between 1 and ${STANDING_ORDER_MAX_QUANTITY}`
const quantity = z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(STANDING_ORDER_MAX_QUANTITY, quantityMessage)
const productId = z.string({ error: 'Product is required' }).min(1, 'Product is required')

const rhythmFields = {
  vendorName: z
    .string({ error: 'Vendor name is required' })
    .trim()
    .min(1, 'Vendor name is required')
    .max(120, 'Vendor name must be at most 120 characters'),
  every: z.enum(['day', 'week', 'month'], { error: 'Every must be "day", "week" or "month"' }),
  weekday: z.number({ error: 'Weekday must be 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6).nullish(),
  dayOfMonth: z.number({ error: 'Day of month must be 1 to 31' }).int().min(1).max(31).nullish(),
  time: z.string({ error: 'Time must be HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (00:00 to 23:59)'),
  timezone: z.string({ error: 'Time zone is required' }).refine((v) => listedTimeZone(v) !== null, UNKNOWN_TIME_ZONE),
}

type Rhythm = { every: 'day' | 'week' | 'month'; weekday?: number | null; dayOfMonth?: number | null }

function checkRhythm(order: Rhythm, ctx: z.RefinementCtx) {
  if (order.every === 'week' && (order.weekday === null || order.weekday === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'A weekly order needs a weekday (0 = Sunday … 6 = Saturday)' })
  }
  if (order.every === 'month' && (order.dayOfMonth === null || order.dayOfMonth === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'A monthly order needs a day of the month (1–31)' })
  }
}

// Only the field its rhythm uses is kept, so a stored order never carries a misleading weekday.
function keepRhythmField<T extends Rhythm>(order: T) {
  return {
    ...order,
    weekday: order.every === 'week' ? order.weekday! : null,
    dayOfMonth: order.every === 'month' ? order.dayOfMonth! : null,
  }
}

const noRepeats = (items: { productId: string }[]) => new Set(items.map((i) => i.productId)).size === items.length

export const StandingOrderInput = z
  .object({
    propertyId: z.string({ error: 'Property is required' }).trim().min(1, 'Property is required'),
    ...rhythmFields,
    items: z
      .array(z.object({ productId, quantity }), { error: 'Add at least one product' })
      .min(1, 'Add at least one product')
      .max(100, 'A standing order can hold at most 100 products')
      .refine(noRepeats, 'Each product can be listed only once'),
  })
  .superRefine(checkRhythm)
  .transform(keepRhythmField)

export type StandingOrderFields = z.output<typeof StandingOrderInput>

/**
 * The property page's form: one quantity field per product the property stocks, left empty for the
 * products the order does not hold; the property is the page's own.
 */
export const StandingOrderForm = z
  .object({
    ...rhythmFields,
    items: z
      .array(z.object({ productId, quantity: quantity.optional() }), { error: 'Give a quantity for at least one product' })
      .max(500)
      .transform((items) => items.filter((i): i is { productId: string; quantity: number } => i.quantity !== undefined))
      .refine((items) => items.length > 0, 'Give a quantity for at least one product')
      .refine(noRepeats, 'Each product can be listed only once'),
  })
  .superRefine(checkRhythm)
  .transform(keepRhythmField)

/** Deleting one from the property page. */
export const StandingOrderDeleteForm = z.object({ standingOrderId: z.string().min(1) })
