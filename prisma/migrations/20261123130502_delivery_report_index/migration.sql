-- CreateIndex
CREATE INDEX "RunnerAssignment_organisationId_status_deliveredAt_requestId_idx" ON "RunnerAssignment"("organisationId", "status", "deliveredAt", "requestId");

