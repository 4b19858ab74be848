// How many urgent requests wait (issue 34): the bell and the dashboard say it on every manager page.
// "Waiting" is what Dispatch's Pending Orders holds: pending, and no open runner assignment covers
// it (an assignment not yet delivered or cancelled). Assigned, completed and archived ones are not
// counted, however urgent they were.
import { sql } from 'kysely'
import { tables, withIndexes } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'

// Read on every manager page's header and poll; it changes only with a write (decision 056).
const kept = reusedUntilWrite<number>()

/**
 * Urgent pending requests counted inside the urgent-order index, less those an open assignment
 * covers (the open assignments' own partial index, then each one's request by id): no read of every
 * pending request, as pendingOrdersCount. A request has at most one open assignment; DISTINCT keeps
 * it exact anyway.
 */
export function urgentWaitingCount(orgId: string): Promise<number> {
  return kept(orgId, async () => {
    // The statuses and the flag are literals, as the partial indexes' conditions are: a bound value would not match them.
    const waiting = tables
      .selectFrom('ProductRequest as r')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('r.organisationId', '=', orgId)
      .where('r.status', '=', sql.lit('pending'))
      .where('r.urgent', '=', sql.lit(1))
    const covered = tables
      .selectFrom('RunnerAssignment as a')
      .innerJoin('ProductRequest as covered', (join) => join.onRef('covered.id', '=', 'a.requestId').on('covered.status', '=', sql.lit('pending')))
      .select((eb) => eb.fn.count<number>('a.requestId').distinct().as('n'))
      .where('a.organisationId', '=', orgId)
      .where('a.status', 'not in', [sql.lit('delivered'), sql.lit('cancelled')])
      .where('covered.urgent', '=', sql.lit(1))
    const query = tables.selectNoFrom((eb) => eb(waiting, '-', covered).as('n'))
    const row = await readNow((db) => db.one(withIndexes(query, { a: 'RunnerAssignment_open_request_idx', covered: 'ProductRequest_pending_idx' })))
    return Number(row?.n ?? 0)
  })
}
