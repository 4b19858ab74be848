// A standing order's input (POST /api/standing-orders).
import { z } from 'zod'
import { isTimeZone } from '../schedule'

export const STANDING_ORDER_MAX_QUANTITY = 99

const quantityMessage = `Quantity must be between 1 and ${STANDING_ORDER_MAX_QUANTITY}`

export const StandingOrderInput = z
  .object({
    propertyId: z.string({ error: 'Property is required' }).trim().min(1, 'Property is required'),
    vendorName: z
      .string({ error: 'Vendor name is required' })
      .trim()
      .min(1, 'Vendor name is required')
      .max(120, 'Vendor name must be at most 120 characters'),
    items: z
      .array(
        z.object({
          productId: z.string({ error: 'Product is required' }).min(1, 'Product is required'),
          quantity: z.number({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(STANDING_ORDER_MAX_QUANTITY, quantityMessage),
        }),
        { error: 'Add at least one product' },
      )
      .min(1, 'Add at least one product')
      .max(100, 'A standing order can hold at most 100 products')
      .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'Each product can be listed only once'),
    every: z.enum(['day', 'week', 'month'], { error: 'Every must be "day", "week" or "month"' }),
    weekday: z.number({ error: 'Weekday must be 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6).nullish(),
    dayOfMonth: z.number({ error: 'Day of month must be 1 to 31' }).int().min(1).max(31).nullish(),
    time: z.string({ error: 'Time must be HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM (00:00 to 23:59)'),
    timezone: z.string({ error: 'Time zone is required' }).refine(isTimeZone, 'Unknown time zone (use an IANA name such as America/New_York)'),
  })
  .superRefine((order, ctx) => {
    if (order.every === 'week' && (order.weekday === null || order.weekday === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'A weekly order needs a weekday (0 = Sunday … 6 = Saturday)' })
    }
    if (order.every === 'month' && (order.dayOfMonth === null || order.dayOfMonth === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'A monthly order needs a day of the month (1–31)' })
    }
  })
  // Only the field its rhythm uses is kept, so a stored order never carries a misleading weekday.
  .transform((order) => ({
    ...order,
    weekday: order.every === 'week' ? order.weekday! : null,
    dayOfMonth: order.every === 'month' ? order.dayOfMonth! : null,
  }))

export type StandingOrderFields = z.output<typeof StandingOrderInput>
