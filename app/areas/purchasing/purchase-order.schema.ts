// Purchase orders as /api/purchase-orders and the Purchase orders pages take them.
import { z } from 'zod'

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partially_received', 'received', 'cancelled'] as const
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
}

/** The most lines one order takes (a depot's whole reorder list fits easily). */
export const MAX_LINES = 500
const MAX_QUANTITY = 1_000_000

const quantity = z.coerce
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(1, 'Order at least 1')
  .max(MAX_QUANTITY, `At most ${MAX_QUANTITY.toLocaleString('en-US')}`)
const unitCost = z.coerce.number({ error: 'Enter a cost, e.g. 4.50' }).min(0, 'A cost cannot be negative').max(1_000_000, 'At most 1,000,000')
const id = (what: string) => z.string({ error: `Choose a ${what}` }).trim().min(1, `Choose a ${what}`).max(100)

export const PurchaseOrderLineInput = z.object({ productId: id('product'), quantity, unitCost })

const lines = z
  .array(PurchaseOrderLineInput)
  .min(1, 'Add at least one line')
  .max(MAX_LINES, `At most ${MAX_LINES} lines`)
  .superRefine((all, ctx) => {
    const seen = new Set<string>()
    all.forEach((line, i) => {
      if (seen.has(line.productId)) ctx.addIssue({ code: 'custom', path: [i, 'productId'], message: 'This product is already on the order' })
      seen.add(line.productId)
    })
  })

export const PurchaseOrderInput = z.object({ supplierId: id('supplier'), depotId: id('depot'), lines })
export type PurchaseOrderFields = z.output<typeof PurchaseOrderInput>

/** A draft's lines replaced (PUT /api/purchase-orders/:id and the draft's form). */
export const PurchaseOrderLinesInput = z.object({ lines })

const received = z.coerce.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(0, 'Cannot be negative').max(MAX_QUANTITY)

export const ReceiveInput = z.object({
  lines: z
    .array(z.object({ productId: id('product'), quantity: received }))
    .min(1, 'Say what arrived')
    .max(MAX_LINES),
})
export type ReceiveFields = z.output<typeof ReceiveInput>

export const SuggestionsQuery = z.object({ depotId: id('depot') })
