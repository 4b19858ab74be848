// A run's pick list (issue 37, decision 135): what the runner loads into the van at the run's depot,
// one line a product, from the run's open holds (stock/stock-ledger.server.ts reserves them when the
// run is made). `stops` are the run's stop numbers that need the product, so the runner knows where
// each box goes. Loading from the checklist writes pick movements through the ledger and, once every
// line is in the van, stamps the run's pickedAt.
import { z } from 'zod'
import type { InferResult } from 'kysely'
import { tables } from '~/lib/sql-builder.server'
import { compiledOnce } from '~/lib/sql-once.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { NotFound } from '~/lib/errors'
import { pickReservedIn } from '~/areas/stock/stock-ledger.server'
import { firstDepotReadIn } from '~/areas/stock/depot.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import type { NamedShortage } from './van-stock.server'

export type PickLine = {
  productId: string
  name: string
  /** What the run's open orders hold of it. */
  quantity: number
  /** Of that, already loaded into the van. */
  picked: number
  bin: string | null
  /** The run's stop numbers needing it, in order. */
  stops: number[]
}

export type PickList = {
  runId: string
  depotId: string | null
  pickedAt: Date | null
  lines: PickLine[]
  /** Lines the shelf cannot fill now: needed is what is still to load, available what the shelf holds beyond other orders' holds. */
  shortages: NamedShortage[]
}

// Compiled once (decision 125): the pick list is read on every view of the checklist and its PDF.
const runRow = compiledOnce((p: { runId: string; orgId: string }) =>
  tables.selectFrom('Run').select(['id', 'runnerId', 'depotId', 'pickedAt']).where('id', '=', p.runId).where('organisationId', '=', p.orgId),
)

/**
 * Runs' open holds per product (the caller says which runs and groups them), with the product's name,
 * its bin and free stock at the hold's depot, in shelf order: a bin-less product last, then by name,
 * so the runner walks the aisles once.
 */
const holdsPerProduct = () =>
  tables
    .selectFrom('RunStop as st')
    .innerJoin('StockReservation as h', 'h.assignmentId', 'st.assignmentId')
    .leftJoin('Product as pr', 'pr.id', 'h.productId')
    .leftJoin('DepotStock as ds', (join) => join.onRef('ds.depotId', '=', 'h.depotId').onRef('ds.productId', '=', 'h.productId'))
    .select((eb) => [
      'h.productId',
      eb.fn.max('pr.name').as('name'),
      eb.fn.max('ds.bin').as('bin'),
      eb.fn.sum<number>('h.quantity').as('quantity'),
      eb.fn.sum<number>('h.picked').as('picked'),
      eb.fn.agg<string>('group_concat', ['st.stopOrder']).distinct().as('stops'),
      eb.fn.coalesce(eb.fn.max('ds.onHand'), eb.lit(0)).as('onHand'),
      eb.fn.coalesce(eb.fn.max('ds.reserved'), eb.lit(0)).as('reserved'),
    ])
    .where('h.closedAt', 'is', null)
    .orderBy((eb) => eb(eb.fn.max('ds.bin'), 'is', null))
    .orderBy((eb) => eb.fn.max('ds.bin'))
    .orderBy((eb) => eb.fn.max('pr.name'))
    .orderBy('h.productId')

type PickRow = InferResult<ReturnType<typeof holdsPerProduct>>[number]

// Compiled once (decision 125), as the run above.
const pickLines = compiledOnce((p: { runId: string }) => holdsPerProduct().where('st.runId', '=', p.runId).groupBy('h.productId'))

/** Many runs' lines in one statement; each run's come in the same shelf order as read alone. */
const pickLinesOfRuns = (runIds: string[]) => holdsPerProduct().select('st.runId').where('st.runId', 'in', listed(runIds)).groupBy(['st.runId', 'h.productId'])

const runRows = (p: { orgId: string; runIds: string[] }) =>
  tables.selectFrom('Run').select(['id', 'depotId', 'pickedAt']).where('organisationId', '=', p.orgId).where('id', 'in', listed(p.runIds))

type RunRow = InferResult<ReturnType<typeof runRows>>[number]

function readPickList(orgId: string, runId: string, runnerId?: string) {
  return readNow((sql) => {
    const run = sql.one(runRow({ runId, orgId }))
    // A runner's token opens only their own run's list; another run is "not found", as for a stranger.
    if (!run || (runnerId !== undefined && run.runnerId !== runnerId)) throw new NotFound('Run not found')
    const rows = sql.all(pickLines({ runId }))
    const depotId = run.depotId ?? firstDepotReadIn(sql, orgId)?.id ?? null
    return { run, rows, depotId }
  })
}

/** The pick list of one of the organisation's runs (a manager), or of the runner's own run (their token). */
export async function pickListFor(orgId: string, runId: string, options: { runnerId?: string } = {}): Promise<PickList> {
  const { run, rows, depotId } = await readPickList(orgId, runId, options.runnerId)
  return pickListOf(run, rows, depotId)
}

/**
 * The pick lists of many of the organisation's runs (Dispatch's open runs), by run id, in a fixed
 * number of statements whatever their count. A run that is not the organisation's is left out.
 */
export async function pickListsFor(orgId: string, runIds: string[]): Promise<Map<string, PickList>> {
  if (runIds.length === 0) return new Map()
  const { runs, rows, firstDepotId } = await readNow((sql) => {
    const runs = sql.all(runRows({ orgId, runIds }))
    const rows = runs.length ? sql.all(pickLinesOfRuns(runs.map((r) => r.id))) : []
    const firstDepotId = runs.some((r) => !r.depotId) ? (firstDepotReadIn(sql, orgId)?.id ?? null) : null
    return { runs, rows, firstDepotId }
  })
  const rowsOf = new Map<string, PickRow[]>()
  for (const { runId, ...row } of rows) {
    const list = rowsOf.get(runId) ?? []
    list.push(row)
    rowsOf.set(runId, list)
  }
  return new Map(runs.map((run) => [run.id, pickListOf(run, rowsOf.get(run.id) ?? [], run.depotId ?? firstDepotId)]))
}

function pickListOf(run: RunRow, rows: PickRow[], depotId: string | null): PickList {
  const lines: PickLine[] = rows.map((r) => ({
    productId: r.productId,
    name: r.name ?? r.productId,
    quantity: Number(r.quantity),
    picked: Number(r.picked),
    bin: r.bin,
    stops: String(r.stops ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b),
  }))
  const shortages = rows.flatMap((r, i) => {
    const line = lines[i]!
    const toLoad = line.quantity - line.picked
    // The run's own unloaded holds are part of reserved: what the shelf has beyond everybody else's.
    const free = Math.max(0, Number(r.onHand) - Number(r.reserved) + toLoad)
    return toLoad > free ? [{ productId: line.productId, needed: toLoad, available: free, name: line.name }] : []
  })
  return { runId: run.id, depotId, pickedAt: run.pickedAt ? new Date(run.pickedAt) : null, lines, shortages }
}

/** The API's answer: the list as the issue names it, with what is loaded and short beside it. */
export function pickListAnswer(list: PickList) {
  return {
    pickList: {
      runId: list.runId,
      depotId: list.depotId,
      pickedAt: list.pickedAt,
      lines: list.lines.map(({ productId, name, quantity, picked, bin, stops }) => ({ productId, name, quantity, picked, bin, stops })),
      shortages: list.shortages,
    },
  }
}

/** The checklist's post: the products ticked as loaded. */
export const LoadInput = z.object({
  productIds: z
    .array(z.string({ error: 'Each product is an id' }).trim().min(1).max(64), { error: 'Tick what you loaded' })
    .min(1, 'Tick what you loaded into the van')
    .max(500, 'At most 500 products at once')
    .transform((ids) => [...new Set(ids)]),
})

const heldToLoad = (p: { runId: string; productIds: string[] }) =>
  tables
    .selectFrom('RunStop as st')
    .innerJoin('StockReservation as h', 'h.assignmentId', 'st.assignmentId')
    .select(['h.assignmentId', 'h.productId', 'h.quantity', 'h.picked'])
    .where('st.runId', '=', p.runId)
    .where('h.closedAt', 'is', null)
    .where('h.productId', 'in', listed(p.productIds))
    .orderBy('st.stopOrder')

const stillToLoad = compiledOnce((p: { runId: string }) =>
  tables
    .selectFrom('RunStop as st')
    .innerJoin('StockReservation as h', 'h.assignmentId', 'st.assignmentId')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('st.runId', '=', p.runId)
    .where('h.closedAt', 'is', null)
    .whereRef('h.picked', '<', 'h.quantity'),
)

/**
 * The runner loaded these products into the van: each order's hold of them leaves the shelf as a pick
 * (all of what is held; a checklist line is loaded whole). When nothing is left to load, the run is
 * picked. Answers how many units were loaded and whether the van is now full.
 */
export async function loadTheVan(orgId: string, runner: { id: string }, runId: string, productIds: string[]) {
  const outcome = await writeTogether((sql) => {
    const run = sql.one(runRow({ runId, orgId }))
    if (!run || run.runnerId !== runner.id) throw new NotFound('Run not found')
    let loaded = 0
    for (const held of sql.all(heldToLoad({ runId, productIds }))) {
      loaded += pickReservedIn(sql, orgId, { assignmentId: held.assignmentId, productId: held.productId, quantity: held.quantity - held.picked, runnerId: runner.id, runId })
    }
    const left = Number(sql.one(stillToLoad({ runId }))?.left ?? 0)
    if (left === 0 && !run.pickedAt) sql.run(tables.updateTable('Run').set({ pickedAt: new Date() }).where('id', '=', runId))
    return { loaded, done: left === 0 }
  })
  // Picks leave the shelf without a delivery: the audit log says who loaded what (issue 37, item 6);
  // the runner signed in by their link is the actor.
  if (outcome.loaded > 0) {
    await recordAudit({ orgId, action: 'run.loaded', target: { type: 'run', id: runId }, details: { productIds, units: outcome.loaded, done: outcome.done } })
  }
  return outcome
}
