-- CreateIndex
CREATE INDEX "RequestStatusChange_status_createdAt_idx" ON "RequestStatusChange"("status", "createdAt");

