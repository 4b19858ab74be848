-- Issue 34: the Requests page, the dashboard and GET /api/requests list urgent requests first, then
-- the soonest needed (none last), then the newest (decision 106). Read in that order from an index
-- per status instead of sorting every request on every view. Hand-written, as the dispatch queue's
-- ProductRequest_dispatch_order_idx: Prisma's schema cannot declare an expression ("neededBy" IS
-- NULL) nor a descending column here, and `prisma migrate diff` compares schemas only, so it never
-- tries to drop it. A new index only: ProductRequest is never rebuilt (decisions 016, 054, 056).
CREATE INDEX "ProductRequest_urgent_order_idx" ON "ProductRequest"("organisationId", "status", "urgent" DESC, "neededBy" IS NULL, "neededBy", "createdAt" DESC, "id" DESC);
