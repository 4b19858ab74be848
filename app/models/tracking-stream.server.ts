// What a vendor's tracking page listens for (issue 30): its request, that request's deliveries, and
// every delivery of the run it rides in, because a stop done before this one moves "stop N of M" and
// the arrival window. Read only: the stream is a GET and may run on a replica.
import { Prisma } from '@prisma/client'
import { readRows } from '~/lib/sql.server'

/** Ids whose changes the tracking page shows: the request, its deliveries and their runs' other stops. */
export async function followedSubjects(orgId: string, requestId: string) {
  const rows = await readRows<{ id: string }>(Prisma.sql`
    SELECT a.id FROM RunnerAssignment a WHERE a.requestId = ${requestId} AND a.organisationId = ${orgId}
    UNION
    SELECT other.assignmentId FROM RunnerAssignment a
      JOIN RunStop mine ON mine.assignmentId = a.id
      JOIN RunStop other ON other.runId = mine.runId
    WHERE a.requestId = ${requestId} AND a.organisationId = ${orgId}`)
  return new Set([requestId, ...rows.map((r) => r.id)])
}
