// GET /api/depots/:id/stock[?format=csv]: every product at the depot in bin order, with on hand,
// reserved, available and its reorder settings, read from the kept totals (decision 128).
import { z } from 'zod'
import { csvStream } from '~/lib/csv'
import { apiLoader, parseWith } from '~/lib/http.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { depotOf } from '~/areas/stock/depot.server'
import { stockAt, stockCsv } from '~/areas/stock/depot-stock.server'
import * as answer from '~/areas/stock/stock-answer.schema'

const StockQuery = z.object({ format: z.enum(['json', 'csv']).optional() })

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD'],
  permission: 'work',
  operations: [{ method: 'GET', summary: 'A depot’s stock per product: on hand, reserved, available, reorder point and quantity, bin (?format=csv)', scope: 'stock:read', query: StockQuery, csv: true, response: answer.StockAnswer }],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  const query = parseWith(StockQuery, Object.fromEntries(new URL(request.url).searchParams))
  const depot = await depotOf(manager.orgId, params.id!)
  const stock = await stockAt(manager.orgId, depot.id)
  if (query.format === 'csv') return csvStream(stockCsv(stock), `stock-${depot.name.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`)
  return { stock }
})
