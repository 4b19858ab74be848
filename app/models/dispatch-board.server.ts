// The Dispatch page's lists, a page at a time (decision 056). At 100,000 requests an organisation
// has thousands of orders waiting and thousands of deliveries under way; rendering and sending 500
// of each for hydration was most of the page's time, and a dispatcher works from the top of both.
import { Prisma } from '@prisma/client'
import { db } from '~/lib/db.server'

export type CurrentAssignmentLine = {
  id: string
  status: string
  smsStatus: string
  assignedAt: Date
  runner: { name: string }
  request: { orderNumber: string; property: { name: string } | null }
}

type LineRow = {
  id: string
  status: string
  smsStatus: string
  assignedAt: Date | string
  runnerName: string
  orderNumber: string
  propertyName: string | null
}

// The predicate is RunnerAssignment_open_idx's, word for word and with literal statuses: SQLite uses
// a partial index only when it can prove the query's WHERE implies the index's, and a bound
// parameter proves nothing. Walking that index in (assignedAt, id) order, the page is its first
// rows; with Prisma's bound `NOT IN (?, ?)` SQLite read every assignment and sorted the open ones.
// INDEXED BY because, without statistics (a new database), SQLite would count through the
// (organisationId, status) index instead: every assignment the organisation ever had.
const OPEN = Prisma.raw(`a."status" NOT IN ('delivered', 'cancelled')`)

/**
 * Current Assignments, oldest first: what the card shows of the first `limit` assignments not yet
 * delivered or cancelled, in one statement, and how many there are in all.
 */
export async function currentAssignmentsPage(orgId: string, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.$queryRaw<LineRow[]>`
      SELECT a."id", a."status", a."smsStatus", a."assignedAt", u."name" AS "runnerName",
             r."orderNumber", p."name" AS "propertyName"
      FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_idx"
      JOIN "Runner" u ON u."id" = a."runnerId"
      JOIN "ProductRequest" r ON r."id" = a."requestId"
      LEFT JOIN "Property" p ON p."id" = r."propertyId"
      WHERE a."organisationId" = ${orgId} AND ${OPEN}
      ORDER BY a."assignedAt", a."id"
      LIMIT ${limit}`,
    db.$queryRaw<Array<{ n: bigint | number }>>`
      SELECT COUNT(*) AS n FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_idx" WHERE a."organisationId" = ${orgId} AND ${OPEN}`,
  ])
  const lines: CurrentAssignmentLine[] = rows.map((row) => ({
    id: row.id,
    status: row.status,
    smsStatus: row.smsStatus,
    assignedAt: new Date(row.assignedAt),
    runner: { name: row.runnerName },
    request: { orderNumber: row.orderNumber, property: row.propertyName === null ? null : { name: row.propertyName } },
  }))
  return { lines, total: Number(total?.n ?? 0) }
}

/** The ids of the oldest `limit` open assignments, in order, through the same index (for the API's full view). */
export async function openAssignmentIds(orgId: string, limit: number) {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT a."id" FROM "RunnerAssignment" a INDEXED BY "RunnerAssignment_open_idx"
    WHERE a."organisationId" = ${orgId} AND ${OPEN}
    ORDER BY a."assignedAt", a."id"
    LIMIT ${limit}`
  return rows.map((r) => r.id)
}
