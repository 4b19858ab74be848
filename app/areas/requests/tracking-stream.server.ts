// What a vendor's tracking page listens for (issue 30): its request, that request's deliveries, and
// every delivery of the run it rides in, because a stop done before this one moves "stop N of M" and
// the arrival window. Read only: the stream is a GET and may run on a replica.
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'

/** Ids whose changes the tracking page shows: the request, its deliveries and their runs' other stops. */
export async function followedSubjects(orgId: string, requestId: string) {
  const query = tables
    .selectFrom('RunnerAssignment as a')
    .select('a.id')
    .where('a.requestId', '=', requestId)
    .where('a.organisationId', '=', orgId)
    .union(
      tables
        .selectFrom('RunnerAssignment as a')
        .innerJoin('RunStop as mine', 'mine.assignmentId', 'a.id')
        .innerJoin('RunStop as other', 'other.runId', 'mine.runId')
        .select('other.assignmentId as id')
        .where('a.requestId', '=', requestId)
        .where('a.organisationId', '=', orgId),
    )
  const rows = await readNow((db) => db.all(query))
  return new Set([requestId, ...rows.map((r) => r.id)])
}
