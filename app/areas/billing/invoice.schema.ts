// Invoice input, shared by the billing page forms and /api/invoices*. Amounts are text ("$12.50",
// "12.50") read by the §2.11 rule; the server computes every total itself from the lines.
import { z } from 'zod'
import { normaliseDecimal } from '~/lib/money'
import { optionalText, requiredText } from '~/lib/common.schema'

export const RECIPIENT_NAME_REQUIRED = 'Recipient name is required'
export const VALID_EMAIL_REQUIRED = 'Valid email is required'
export const NO_REQUESTS_SELECTED = 'Please select at least one request to create an invoice'
export const NO_REQUESTS_TITLE = 'No requests selected'

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
/** The statuses a manager sets; overdue is what an unpaid invoice past its due date shows as. */
export const SETTABLE_STATUSES = ['draft', 'sent', 'paid'] as const

const amountText = z.union([z.string(), z.number()]).transform((v) => String(v).trim())

/** A non-negative decimal such as "8.875" or "2"; blank means the default. */
const decimalText = (fallback: string, message: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || String(v).trim() === '') return fallback
      const normal = normaliseDecimal(v)
      if (normal === null || !/^\d+(\.\d+)?$/.test(normal) || normal.length > 20) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return normal
    })

const email = z
  .string({ error: VALID_EMAIL_REQUIRED })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: VALID_EMAIL_REQUIRED }).max(254, VALID_EMAIL_REQUIRED))

const dateInput = z
  .union([z.string(), z.date()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null
    const d = v instanceof Date ? v : new Date(v)
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date' })
      return z.NEVER
    }
    return d
  })

export const RecipientFields = {
  recipientName: requiredText(RECIPIENT_NAME_REQUIRED, 200),
  recipientEmail: email,
  recipientAddress: optionalText(500),
  recipientPhone: optionalText(50),
}

const invoiceTerms = {
  taxRate: decimalText('0', 'Tax rate must be a percentage such as 8.875').refine((v) => Number(v) <= 100, 'Tax rate must be at most 100%'),
  paymentTerms: optionalText(100).transform((v) => v ?? 'Net 30'),
  notes: optionalText(2000),
  invoiceDate: dateInput,
  dueDate: dateInput,
}

export const InvoiceItemInput = z.object({
  description: requiredText('Item description is required', 500),
  quantity: decimalText('1', 'Quantity must be a number such as 1 or 2.5'),
  unitPrice: amountText.nullish(),
})
export type InvoiceItemInput = z.infer<typeof InvoiceItemInput>

/** POST /api/invoices: the spec's payload (recipient fields, subtotal, taxAmount, totalAmount, status, notes) plus lines. */
export const InvoiceInput = z.object({
  ...RecipientFields,
  ...invoiceTerms,
  items: z.array(InvoiceItemInput).max(500, 'At most 500 items').optional().default([]),
  // Used only when no lines are sent; the totals are always recomputed.
  subtotal: amountText.nullish(),
  taxAmount: amountText.nullish(),
  totalAmount: amountText.nullish(),
  status: z.enum(SETTABLE_STATUSES, { error: 'Status must be draft, sent or paid' }).optional().default('draft'),
})
export type InvoiceInput = z.infer<typeof InvoiceInput>

export const InvoiceFromRequestsInput = z.object({
  requestIds: z
    .array(z.string().uuid('Not found'), { error: NO_REQUESTS_SELECTED })
    .min(1, NO_REQUESTS_SELECTED)
    .max(200, 'At most 200 requests at once')
    .transform((ids) => [...new Set(ids)]),
  invoiceData: z.object({ ...RecipientFields, ...invoiceTerms }, { error: RECIPIENT_NAME_REQUIRED }),
})
export type InvoiceFromRequestsInput = z.infer<typeof InvoiceFromRequestsInput>

export const InvoiceEmailInput = z.object({ invoiceId: z.string({ error: 'Invoice is required' }).uuid('Not found') })

export const InvoiceStatusInput = z.object({
  status: z.enum(SETTABLE_STATUSES, { error: 'Status must be draft, sent or paid' }),
})
