// Dispatch reads the pick lists of all its open runs at once (pickListsFor); each must be the
// list the checklist reads for that run alone (pickListFor): lines in shelf order, stops, what is
// loaded, shortages, the depot and whether the van is loaded.
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { newRowId } from '~/lib/ids.server'
import { writeTogether } from '~/lib/sql.server'
import { createDepot, firstDepotIn } from '~/areas/stock/depot.server'
import { updateStockSettings } from '~/areas/stock/depot-stock.server'
import { pickReservedIn, recordMovementIn, reserveIn } from '~/areas/stock/stock-ledger.server'
import { pickListFor, pickListsFor } from './pick-list.server'

type Stop = { assignmentId: string; stopOrder: number; items: Array<{ productId: string; quantity: number }> }

async function givenRun(orgId: string, depotId: string | null, holdAt: string, stops: Stop[]) {
  const run = await db.run.create({ data: { id: newRowId(), organisationId: orgId, runnerId: 'runner', startLatitude: 0, startLongitude: 0, depotId } })
  for (const stop of stops) {
    await db.runStop.create({ data: { assignmentId: stop.assignmentId, runId: run.id, stopOrder: stop.stopOrder } })
    await writeTogether((sql) => reserveIn(sql, orgId, { depotId: holdAt, assignmentId: stop.assignmentId, requestId: stop.assignmentId, items: stop.items }))
  }
  return run.id
}

test('the pick lists of several runs read together are each the list of that run read alone', async () => {
  const org = await db.organisation.create({ data: { name: 'Many Vans' } })
  const orgId = org.id
  const first = await writeTogether((sql) => firstDepotIn(sql, orgId))
  const second = await createDepot(orgId, { name: 'North depot' })
  const [soap, towels, gloves] = await Promise.all(['Soap', 'Towels', 'Gloves'].map((name) => db.product.create({ data: { organisationId: orgId, name } })))
  for (const depot of [first.id, second.id]) {
    await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId: depot, productId: soap!.id, quantity: 6, reason: 'receive' }))
    await writeTogether((sql) => recordMovementIn(sql, orgId, { depotId: depot, productId: towels!.id, quantity: 2, reason: 'receive' }))
  }
  await updateStockSettings(orgId, first.id, soap!.id, { reorderPoint: null, reorderQuantity: null, bin: 'A-2' })
  await updateStockSettings(orgId, first.id, towels!.id, { reorderPoint: null, reorderQuantity: null, bin: 'A-1' })

  // No depot on the run: it loads at the organisation's first.
  const a = await givenRun(orgId, null, first.id, [
    { assignmentId: newRowId(), stopOrder: 1, items: [{ productId: soap!.id, quantity: 2 }, { productId: gloves!.id, quantity: 1 }] },
    { assignmentId: newRowId(), stopOrder: 2, items: [{ productId: soap!.id, quantity: 3 }, { productId: towels!.id, quantity: 4 }] },
  ])
  const bLoaded = newRowId()
  const b = await givenRun(orgId, second.id, second.id, [
    { assignmentId: bLoaded, stopOrder: 1, items: [{ productId: towels!.id, quantity: 1 }] },
    { assignmentId: newRowId(), stopOrder: 1, items: [{ productId: soap!.id, quantity: 5 }] },
  ])
  await writeTogether((sql) => pickReservedIn(sql, orgId, { assignmentId: bLoaded, productId: towels!.id, quantity: 1 }))
  // Everything loaded: no line is left open, and the van is loaded.
  const c = await givenRun(orgId, first.id, first.id, [])
  await db.run.update({ where: { id: c }, data: { pickedAt: new Date('2026-11-26T08:00:00Z') } })
  const other = await db.organisation.create({ data: { name: 'Not Ours' } })
  const stranger = await givenRun(other.id, null, (await writeTogether((sql) => firstDepotIn(sql, other.id))).id, [])

  const together = await pickListsFor(orgId, [a, b, c, stranger])
  expect([...together.keys()].sort()).toEqual([a, b, c].sort())
  for (const runId of [a, b, c]) expect(together.get(runId)).toEqual(await pickListFor(orgId, runId))

  // What the lists say, so the comparison is not of two empty answers.
  expect(together.get(a)!.lines.map((l) => [l.name, l.bin, l.stops])).toEqual([
    ['Towels', 'A-1', [2]],
    ['Soap', 'A-2', [1, 2]],
    ['Gloves', null, [1]],
  ])
  expect(together.get(a)!.depotId).toBe(first.id)
  expect(together.get(a)!.shortages.map((s) => s.name).sort()).toEqual(['Gloves', 'Towels'])
  expect(together.get(b)!.lines.find((l) => l.name === 'Towels')).toMatchObject({ quantity: 1, picked: 1 })
  expect(together.get(c)).toMatchObject({ lines: [], pickedAt: new Date('2026-11-26T08:00:00Z') })
  expect(await pickListsFor(orgId, [])).toEqual(new Map())

  // The lines of all three runs in one statement (beside the runs' own rows and the first depot).
  const sent: string[] = []
  globalThis.__stockrunStatementWatcher = (query) => sent.push(query)
  try {
    await pickListsFor(orgId, [a, b, c])
  } finally {
    globalThis.__stockrunStatementWatcher = undefined
  }
  expect(sent.filter((query) => query.includes('"StockReservation"'))).toHaveLength(1)
  expect(sent.length).toBeLessThanOrEqual(3)
})
