-- Issue 13 (decision 056): Dispatch's Current Assignments, oldest first, without reading every
-- assignment the organisation ever had. Hand-written: Prisma's schema cannot declare a partial
-- index, and `prisma migrate diff` compares schemas only, so it never tries to drop this one.
-- SQLite uses a partial index only for a query that repeats its predicate word for word with
-- literals, so the query that reads it (listCurrentAssignmentLines) is raw SQL with the statuses
-- written in, not bound.
CREATE INDEX "RunnerAssignment_open_idx" ON "RunnerAssignment"("organisationId", "assignedAt", "id")
WHERE "status" NOT IN ('delivered', 'cancelled');
