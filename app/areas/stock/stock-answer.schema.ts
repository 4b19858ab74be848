// What the stock routes answer, for the OpenAPI document (closed objects: a field added to an answer
// without being described here fails the OpenAPI test, as integrations/responses.schema.ts's do).
import { z } from 'zod'
import { MOVEMENT_REASONS } from './stock-ledger.server'

const instant = z.iso.datetime()
const id = z.string()
const count = z.number().int().min(0).nullable()

export const DepotAnswer = z.strictObject({ id, name: z.string(), address: z.string().nullable(), createdAt: instant })
export const DepotsAnswer = z.strictObject({ depots: z.array(DepotAnswer) })
/** One depot: as added, read or changed. */
export const DepotEnvelope = z.strictObject({ depot: DepotAnswer })

export const StockLineAnswer = z.strictObject({
  productId: id,
  name: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  reorderPoint: count,
  reorderQuantity: count,
  bin: z.string().nullable(),
})
export const StockAnswer = z.strictObject({ stock: z.array(StockLineAnswer) })
export const StockLineUpdatedAnswer = z.strictObject({ stock: StockLineAnswer })

export const MovementAnswer = z.strictObject({
  id,
  depotId: id,
  productId: id,
  quantity: z.number().int(),
  reason: z.enum(MOVEMENT_REASONS),
  note: z.string().nullable(),
  userId: id.nullable(),
  runnerId: id.nullable(),
  requestId: id.nullable(),
  assignmentId: id.nullable(),
  runId: id.nullable(),
  purchaseOrderId: id.nullable(),
  countId: id.nullable(),
  createdAt: instant,
})
export const MovementRecordedAnswer = z.strictObject({ movement: MovementAnswer, onHand: z.number().int() })

export const LedgerLineAnswer = z.strictObject({
  id,
  createdAt: instant,
  productId: id,
  productName: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  who: z.string().nullable(),
  requestId: id.nullable(),
  runId: id.nullable(),
  purchaseOrderId: id.nullable(),
  countId: id.nullable(),
})
export const LedgerAnswer = z.strictObject({ movements: z.array(LedgerLineAnswer), nextCursor: z.string().nullable() })
