// What /api/suppliers and /api/purchase-orders answer, for the OpenAPI document (the routes' contracts
// name these; purchase-orders.test.ts holds real answers to them).
import { z } from 'zod'
import { PURCHASE_ORDER_STATUSES } from './purchase-order.schema'

const text = z.string().nullable()
const instant = z.string()

export const SupplierAnswer = z.strictObject({ id: z.string(), name: z.string(), email: text, phone: text, leadTimeDays: z.number().int(), createdAt: instant, updatedAt: instant })
export const SupplierEnvelope = z.strictObject({ supplier: SupplierAnswer })
export const SupplierListAnswer = z.strictObject({ suppliers: z.array(SupplierAnswer) })

const LineAnswer = z.strictObject({
  productId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitCost: z.number(),
  received: z.number().int(),
  outstanding: z.number().int(),
  amount: z.number(),
})

export const PurchaseOrderAnswer = z.strictObject({
  id: z.string(),
  number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplierId: z.string(),
  depotId: z.string(),
  supplier: z.strictObject({ id: z.string(), name: z.string(), email: text, phone: text, leadTimeDays: z.number().int() }),
  depot: z.strictObject({ id: z.string(), name: z.string(), address: text }),
  lines: z.array(LineAnswer),
  total: z.number(),
  createdAt: instant,
  sentAt: instant.nullable(),
  receivedAt: instant.nullable(),
  cancelledAt: instant.nullable(),
})
export const PurchaseOrderEnvelope = z.strictObject({ purchaseOrder: PurchaseOrderAnswer })
export const SentPurchaseOrderAnswer = z.strictObject({ purchaseOrder: PurchaseOrderAnswer, to: z.string(), delivery: z.enum(['smtp', 'outbox']) })

export const PurchaseOrderListAnswer = z.strictObject({
  purchaseOrders: z.array(
    z.strictObject({
      id: z.string(),
      number: z.string(),
      status: z.enum(PURCHASE_ORDER_STATUSES),
      supplierId: z.string(),
      depotId: z.string(),
      total: z.number(),
      createdAt: instant,
      sentAt: instant.nullable(),
      receivedAt: instant.nullable(),
      cancelledAt: instant.nullable(),
      supplierName: z.string(),
      depotName: z.string(),
    }),
  ),
})

export const SuggestionsAnswer = z.strictObject({
  depot: z.strictObject({ id: z.string(), name: z.string(), address: text }),
  suggestions: z.array(
    z.strictObject({
      supplier: z.strictObject({ id: z.string(), name: z.string(), email: text, leadTimeDays: z.number().int() }).nullable(),
      lines: z.array(
        z.strictObject({
          productId: z.string(),
          name: z.string(),
          onHand: z.number().int(),
          reserved: z.number().int(),
          available: z.number().int(),
          reorderPoint: z.number().int(),
          reorderQuantity: z.number().int(),
          standingOrders: z.number().int(),
          onOrder: z.number().int(),
          quantity: z.number().int(),
          unitCost: z.number(),
        }),
      ),
      total: z.number(),
    }),
  ),
})
