// What to buy for a depot, per supplier (decision 131). A product is suggested when what is available
// on its shelf (on hand − reserved) is at or below its reorder point. The quantity brings it back to
// its reorder level (reorder point + reorder quantity) after what will leave before the supplier can
// deliver: the open reservations (already out of available) and the standing orders due within the
// supplier's lead time; what is already on order for the depot is taken off.
import { tables } from '~/lib/sql-builder.server'
import { readNow, type Sql } from '~/lib/sql.server'
import { nextOccurrence, type Recurrence } from '~/lib/schedule'
import { depotOf, firstDepotIn, type DepotView } from '~/areas/stock/depot.server'
import { onOrderIn } from './purchase-order.server'

/** The depot as the suggestions name it (the API's answer has no more of it). */
export type DepotChoice = Pick<DepotView, 'id' | 'name' | 'address'>

export type SuggestionLine = {
  productId: string
  name: string
  onHand: number
  reserved: number
  available: number
  reorderPoint: number
  reorderQuantity: number
  /** What the standing orders will take before this supplier could deliver. */
  standingOrders: number
  /** Still to come on this depot's open purchase orders. */
  onOrder: number
  quantity: number
  unitCost: number
}

export type SupplierSuggestion = {
  supplier: { id: string; name: string; email: string | null; leadTimeDays: number } | null
  lines: SuggestionLine[]
  total: number
}

const DAY_MS = 86_400_000

/** How many of each product the standing orders take within `days` from now (their demand lands at the first depot). */
function standingDemandIn(sql: Sql, orgId: string, days: number, now: Date): Map<string, number> {
  const demand = new Map<string, number>()
  if (days <= 0) return demand
  const until = now.getTime() + days * DAY_MS
  const orders = sql.all(tables.selectFrom('StandingOrder').select(['items', 'every', 'weekday', 'dayOfMonth', 'time', 'timezone']).where('organisationId', '=', orgId))
  for (const order of orders) {
    const rule = { ...order, every: order.every as Recurrence['every'] }
    let times = 0
    // A daily order over a long lead time is at most a year of occurrences.
    for (let at = nextOccurrence(rule, now); at && at.getTime() <= until && times < 400; at = nextOccurrence(rule, at)) times++
    if (!times) continue
    let items: Array<{ productId?: string; quantity?: number }> = []
    try {
      items = JSON.parse(order.items) as typeof items
    } catch {
      continue
    }
    for (const item of items) if (item.productId && item.quantity) demand.set(item.productId, (demand.get(item.productId) ?? 0) + item.quantity * times)
  }
  return demand
}

/** The depot's suggestions grouped by supplier (products without one last, under `supplier: null`). */
export async function purchaseSuggestions(orgId: string, depotId: string, now = new Date()): Promise<{ depot: DepotChoice; suggestions: SupplierSuggestion[] }> {
  const { id, name, address } = await depotOf(orgId, depotId)
  const depot: DepotChoice = { id, name, address }
  const suggestions = await readNow((sql) => {
    const low = sql.all(
      tables
        .selectFrom('DepotStock as s')
        .innerJoin('Product as p', 'p.id', 's.productId')
        .select(['s.productId', 'p.name', 'p.supplierId', 'p.unitCost', 's.onHand', 's.reserved', 's.reorderPoint', 's.reorderQuantity'])
        .where('s.organisationId', '=', orgId)
        .where('s.depotId', '=', depotId)
        .where('s.reorderPoint', 'is not', null)
        .where((eb) => eb(eb('s.onHand', '-', eb.ref('s.reserved')), '<=', eb.ref('s.reorderPoint')))
        .orderBy('p.name'),
    )
    if (!low.length) return []
    const suppliers = new Map(
      sql.all(tables.selectFrom('Supplier').select(['id', 'name', 'email', 'leadTimeDays']).where('organisationId', '=', orgId)).map((s) => [s.id, s] as const),
    )
    const onOrder = onOrderIn(sql, orgId, depotId)
    // Standing orders are not tied to a depot: they reserve where an order without a run does, the first depot.
    const standingHere = firstDepotIn(sql, orgId).id === depotId
    const demandByLead = new Map<number, Map<string, number>>()
    const demandWithin = (days: number) => {
      if (!standingHere) return new Map<string, number>()
      let found = demandByLead.get(days)
      if (!found) demandByLead.set(days, (found = standingDemandIn(sql, orgId, days, now)))
      return found
    }
    const groups = new Map<string | null, SupplierSuggestion>()
    for (const row of low) {
      const supplier = row.supplierId ? (suppliers.get(row.supplierId) ?? null) : null
      const reorderPoint = row.reorderPoint ?? 0
      const reorderQuantity = row.reorderQuantity ?? 0
      const available = row.onHand - row.reserved
      const standingOrders = demandWithin(supplier?.leadTimeDays ?? 0).get(row.productId) ?? 0
      const coming = onOrder.get(row.productId) ?? 0
      const quantity = reorderPoint + reorderQuantity - available + standingOrders - coming
      if (quantity <= 0) continue
      const key = supplier?.id ?? null
      let group = groups.get(key)
      if (!group) groups.set(key, (group = { supplier, lines: [], total: 0 }))
      group.lines.push({ productId: row.productId, name: row.name, onHand: row.onHand, reserved: row.reserved, available, reorderPoint, reorderQuantity, standingOrders, onOrder: coming, quantity, unitCost: row.unitCost ?? 0 })
    }
    for (const group of groups.values()) group.total = Math.round(group.lines.reduce((sum, l) => sum + Math.round(l.unitCost * 100) * l.quantity, 0)) / 100
    return [...groups.values()].sort((a, b) => (a.supplier ? (b.supplier ? a.supplier.name.localeCompare(b.supplier.name) : -1) : 1))
  })
  return { depot, suggestions }
}
