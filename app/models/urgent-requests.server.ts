// How many urgent requests wait (issue 34): the bell and the dashboard say it on every manager page.
// "Waiting" is what Dispatch's Pending Orders holds: pending, and no open runner assignment covers
// it (an assignment not yet delivered or cancelled). Assigned, completed and archived ones are not
// counted, however urgent they were.
import { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'
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
    const [row] = await db.$queryRaw<Array<{ n: bigint | number }>>(Prisma.sql`
      SELECT
        (SELECT COUNT(*) FROM "ProductRequest" r WHERE r."organisationId" = ${orgId} AND r."status" = 'pending' AND r."urgent" = 1)
        - (SELECT COUNT(DISTINCT a."requestId") FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_request_idx"
           JOIN "ProductRequest" covered INDEXED BY "ProductRequest_pending_idx" ON covered."id" = a."requestId" AND covered."status" = 'pending'
           WHERE a."organisationId" = ${orgId} AND a."status" NOT IN ('delivered', 'cancelled') AND covered."urgent" = 1) AS n`)
    return Number(row?.n ?? 0)
  })
}
