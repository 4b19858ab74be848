// The purchase order page's form posts, one named task each: a draft's lines (changed, added,
// removed), sending, receiving and cancelling. Each lands back on the order with a toast, or answers
// the form's field errors.
import { json } from '@remix-run/node'
import { parseWithZod } from '@conform-to/zod/v4'
import { withErrorToast } from '~/lib/form-errors.server'
import { redirectWithToast } from '~/lib/toast.server'
import { DomainError } from '~/lib/errors'
import { findProduct } from '~/areas/catalogue/product.server'
import { PurchaseOrderLinesInput, ReceiveInput } from '~/areas/purchasing/purchase-order.schema'
import { cancelPurchaseOrder, receivePurchaseOrder, replaceDraftLines } from '~/areas/purchasing/purchase-order.server'
import { sendPurchaseOrder } from '~/areas/purchasing/purchase-order-document.server'

export type Post = { orgId: string; userId: string; id: string; form: FormData; here: string }

/**
 * The draft's form as the lines it means: a line whose Remove was pressed is left out, and the add
 * row counts only when a product was chosen (its cost, left empty, is the product's unit cost).
 */
async function draftLinesOf(orgId: string, form: FormData) {
  const removed = form.get('remove')
  const kept = new FormData()
  const rows = new Map<string, Record<string, string>>()
  for (const [key, value] of form) {
    const m = /^lines\[(\d+)\]\.(\w+)$/.exec(key)
    if (!m) continue
    const row = rows.get(m[1]!) ?? {}
    row[m[2]!] = String(value)
    rows.set(m[1]!, row)
  }
  const added = { productId: String(form.get('add.productId') ?? ''), quantity: String(form.get('add.quantity') ?? ''), unitCost: String(form.get('add.unitCost') ?? '') }
  const lines = [...rows.values()].filter((r) => r.productId !== removed)
  if (added.productId) {
    if (!added.unitCost.trim()) added.unitCost = String((await findProduct(orgId, added.productId).catch(() => null))?.unitCost ?? 0)
    lines.push({ ...added, quantity: added.quantity.trim() || '1' })
  }
  lines.forEach((line, i) => {
    for (const [k, v] of Object.entries(line)) kept.set(`lines[${i}].${k}`, v)
  })
  return kept
}

export const PURCHASE_ORDER_INTENTS = {
  lines: async ({ orgId, id, form, here }: Post) => {
    const submission = parseWithZod(await draftLinesOf(orgId, form), { schema: PurchaseOrderLinesInput })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    return withErrorToast(here, 'Lines not saved', async () => {
      await replaceDraftLines(orgId, id, submission.value.lines)
      return redirectWithToast(here, { title: 'Lines saved' })
    })
  },
  send: async ({ orgId, id, here }: Post) =>
    withErrorToast(here, 'Not sent', async () => {
      try {
        const sent = await sendPurchaseOrder(orgId, id)
        return redirectWithToast(here, { title: `${sent.purchaseOrder.number} sent`, description: sent.delivery === 'outbox' ? 'The e-mail went to the outbox.' : `E-mailed to ${sent.to}.` })
      } catch (err) {
        if (err instanceof DomainError) throw err
        return redirectWithToast(here, { title: 'Not sent', description: `The e-mail could not be sent: ${err instanceof Error ? err.message : String(err)}`, variant: 'error' })
      }
    }),
  receive: async ({ orgId, userId, id, form, here }: Post) => {
    const submission = parseWithZod(form, { schema: ReceiveInput })
    if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 })
    try {
      const order = await receivePurchaseOrder(orgId, userId, id, submission.value.lines)
      return redirectWithToast(here, { title: order.status === 'received' ? `${order.number} received in full` : `Received on ${order.number}`, description: 'On hand at the depot has gone up by what arrived.' })
    } catch (err) {
      if (err instanceof DomainError && 'fieldErrors' in err) return json({ result: submission.reply({ fieldErrors: err.fieldErrors as Record<string, string[]> }) }, { status: 400 })
      return withErrorToast(here, 'Not received', async () => {
        throw err
      })
    }
  },
  cancel: async ({ orgId, id, here }: Post) =>
    withErrorToast(here, 'Not cancelled', async () => {
      const order = await cancelPurchaseOrder(orgId, id)
      return redirectWithToast(here, { title: `${order.number} cancelled` })
    }),
}
