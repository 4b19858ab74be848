// POST /api/stock/movements { depotId, productId, quantity, reason, note? } (or a count:
// { depotId, productId, reason: 'count', counted }) → 201 { movement, onHand }. GET
// /api/stock/movements?depotId=[&productId=][&format=csv]: the depot's ledger, newest first.
import { csvStream } from '~/lib/csv'
import { apiAction, apiLoader, methodNotAllowed, nextPageHeaders, parseWith, readJson } from '~/lib/http.server'
import { Invalid } from '~/lib/errors'
import { json } from '@remix-run/node'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import { organisationTimeZone } from '~/areas/organisation/organisation-time-zone.server'
import { depotOf } from '~/areas/stock/depot.server'
import { listMovements, movementsCsv, recordMovement } from '~/areas/stock/stock-movement.server'
import { MovementInput, MovementQuery } from '~/areas/stock/stock.schema'
import * as answer from '~/areas/stock/stock-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'A depot’s movements ledger, newest first (?depotId=, &productId=, &limit=, &cursor=, ?format=csv for all of it)', scope: 'stock:read', query: MovementQuery, csv: true, response: answer.LedgerAnswer },
    {
      method: 'POST',
      summary: 'Record a movement at a depot: receive, return or damage (quantity ≥ 1), adjust (signed quantity), or a count (counted: the movement is counted − on hand)',
      scope: 'stock:write',
      body: MovementInput,
      response: answer.MovementRecordedAnswer,
      success: 201,
    },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  const url = new URL(request.url)
  const query = parseWith(MovementQuery, Object.fromEntries(url.searchParams))
  if (!query.depotId) throw new Invalid('Say which depot: ?depotId=', { depotId: ['Required'] })
  const depot = await depotOf(manager.orgId, query.depotId)
  if (query.format === 'csv') return csvStream(movementsCsv(manager.orgId, depot.id, await organisationTimeZone(manager.orgId)), `movements-${depot.name.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`)
  const page = await listMovements(manager.orgId, { depotId: depot.id, productId: query.productId, limit: query.limit, cursor: query.cursor })
  return json(page, { headers: nextPageHeaders(url, page.nextCursor) })
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  // A key has no person behind it: its movements name nobody.
  return recordMovement(manager.orgId, manager.apiKeyId ? null : manager.userId, await readJson(request, MovementInput))
})
