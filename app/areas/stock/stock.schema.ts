// What a depot manager sends: a depot, a product's reorder settings at a depot, a movement made by
// hand, a count of a shelf. Shared by the pages' forms (conform) and the /api routes.
import { z } from 'zod'

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v), z.string().max(max).optional())

/** A whole number from JSON or a form field ('' means none where none is allowed). */
const wholeNumber = (message: string) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ message }).int(message))

export const DepotInput = z.object({
  name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message: 'Give the depot a name.' }).min(1, 'Give the depot a name.').max(80)),
  address: optionalText(200),
})
export type DepotInput = z.infer<typeof DepotInput>

const optionalCount = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number({ message: 'A whole number of 0 or more, or empty.' }).int('A whole number of 0 or more, or empty.').min(0, 'A whole number of 0 or more, or empty.').max(1_000_000).nullable(),
)

/** A product's reorder settings at a depot; null (or an empty field) clears one. */
export const StockSettingsInput = z.object({
  reorderPoint: optionalCount,
  reorderQuantity: optionalCount,
  bin: z.preprocess((v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v), z.string().max(40).nullable()),
})
export type StockSettingsInput = z.infer<typeof StockSettingsInput>

/**
 * What a person may record by hand (pick and deliver come from runs). Receive, return and damage take
 * how many (the reason says which way they go); adjust takes a signed change (decision 129).
 */
export const MANUAL_REASONS = ['receive', 'adjust', 'damage', 'return'] as const
export type ManualReason = (typeof MANUAL_REASONS)[number]

const note = optionalText(500)

export const MovementInput = z.discriminatedUnion('reason', [
  z.object({
    depotId: z.string().min(1),
    productId: z.string({ message: 'Choose a product.' }).min(1, 'Choose a product.'),
    reason: z.enum(['receive', 'damage', 'return']),
    quantity: wholeNumber('A whole number of at least 1.').pipe(z.number().min(1, 'A whole number of at least 1.').max(1_000_000)),
    note,
  }),
  z.object({
    depotId: z.string().min(1),
    productId: z.string({ message: 'Choose a product.' }).min(1, 'Choose a product.'),
    reason: z.literal('adjust'),
    quantity: wholeNumber('A whole number other than 0 (negative takes stock off).').pipe(
      z.number().min(-1_000_000).max(1_000_000).refine((n) => n !== 0, 'A whole number other than 0 (negative takes stock off).'),
    ),
    note,
  }),
  z.object({
    depotId: z.string().min(1),
    productId: z.string({ message: 'Choose a product.' }).min(1, 'Choose a product.'),
    reason: z.literal('count'),
    counted: wholeNumber('How many are on the shelf: a whole number of 0 or more.').pipe(z.number().min(0, 'How many are on the shelf: a whole number of 0 or more.').max(1_000_000)),
    note,
  }),
], { message: 'Choose a reason: receive, adjust, damage, return or count.' })
export type MovementInput = z.infer<typeof MovementInput>

/** One line of a count at the shelf. */
export const CountLineInput = z.object({
  productId: z.string().min(1),
  counted: wholeNumber('How many are on the shelf: a whole number of 0 or more.').pipe(z.number().min(0, 'How many are on the shelf: a whole number of 0 or more.').max(1_000_000)),
})

export const MovementQuery = z.object({
  depotId: z.string().min(1).optional(),
  productId: z.string().min(1).optional(),
  format: z.enum(['json', 'csv']).optional(),
  limit: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), z.number().int().min(1).max(500).optional()),
  cursor: z.string().optional(),
})
