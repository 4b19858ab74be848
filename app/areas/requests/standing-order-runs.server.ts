// Standing orders coming due: the scheduler (app/jobs/standing-orders.server.ts) makes each
// occurrence's request through the one intake, so the usual notification fires; an occurrence is a
// row keyed by (order, due time), taken in the request's own write transaction, which is what makes
// it happen exactly once however many machines or restarts race for it. Making and listing standing
// orders is standing-order.server.ts.
import { DomainError } from '~/lib/errors'
import { latestOccurrence, type Recurrence } from '~/lib/schedule'
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether, type Sql } from '~/lib/sql.server'
import { ClaimTaken, createRequest } from './request-intake.server'

type Line = { productId: string; quantity: number }

/**
 * Makes the request of every standing order whose latest occurrence has not been made yet. Only the
 * latest: after a long outage one request stands for the missed ones rather than a pile of duplicates.
 * An occurrence before the order existed is never made. Answers how many requests were made.
 */
export async function runDueStandingOrders(now: Date): Promise<number> {
  const query = tables
    .selectFrom('StandingOrder as o')
    .selectAll('o')
    .select((eb) =>
      eb
        .selectFrom('StandingOrderOccurrence as x')
        .select((x) => x.fn.max('x.dueAt').as('dueAt'))
        .whereRef('x.standingOrderId', '=', 'o.id')
        .as('lastDueAt'),
    )
  const orders = await readNow((db) => db.all(query))
  let made = 0
  for (const order of orders) {
    const dueAt = latestOccurrence(order as Recurrence, now)
    if (!dueAt || dueAt < new Date(order.createdAt)) continue
    const last = order.lastDueAt
    if (last && new Date(last).getTime() >= dueAt.getTime()) continue
    if (await makeOccurrence(order, dueAt)) made++
  }
  return made
}

/**
 * The occurrence's row, written with the request in its transaction: the (order, due time) key lets
 * one scheduler have it, whichever process or machine comes first; a taken key makes no request.
 */
function claimOccurrence(standingOrderId: string, dueAt: Date) {
  return (sql: Sql, requestId: string) =>
    sql.run(
      tables
        .insertInto('StandingOrderOccurrence')
        .values({ standingOrderId, dueAt, requestId, createdAt: new Date() })
        .onConflict((conflict) => conflict.doNothing()),
    ).changes === 1
}

async function makeOccurrence(order: { id: string; organisationId: string; propertyId: string; vendorName: string; items: string }, dueAt: Date): Promise<boolean> {
  try {
    await createRequest(
      order.organisationId,
      { propertyId: order.propertyId, vendorName: order.vendorName, requestedProducts: JSON.parse(order.items) as Line[] },
      { source: 'manager', note: 'Made by a standing order', claim: claimOccurrence(order.id, dueAt) },
    )
    return true
  } catch (err) {
    // Another machine (or this one before a restart) already made it: nothing to do.
    if (err instanceof ClaimTaken) return false
    // A product switched off or unassigned since: the occurrence is spent, and says why, rather than
    // retried every minute; one another machine spent first stays as it is.
    if (err instanceof DomainError) {
      const spent = tables
        .insertInto('StandingOrderOccurrence')
        .values({ standingOrderId: order.id, dueAt, error: err.message, createdAt: new Date() })
        .onConflict((conflict) => conflict.doNothing())
      await writeTogether((sql) => sql.run(spent))
      return false
    }
    throw err
  }
}
