-- Issue 27: Dispatch's Pending Orders card counts exactly how many orders wait. Hand-written, as
-- RunnerAssignment_open_idx: Prisma's schema cannot declare a partial index, and `prisma migrate
-- diff` compares schemas only, so it never tries to drop these. New indexes only: ProductRequest and
-- RunnerAssignment must never be rebuilt (decisions 016, 054, 056).
-- The open assignments' requests, read from the index alone.
CREATE INDEX "RunnerAssignment_open_request_idx" ON "RunnerAssignment"("organisationId", "requestId")
WHERE "status" NOT IN ('delivered', 'cancelled');
-- Whether a request is pending, answered from the index alone (no row read per open assignment).
CREATE INDEX "ProductRequest_pending_idx" ON "ProductRequest"("id")
WHERE "status" = 'pending';
