-- CreateIndex
CREATE INDEX "Organisation_createdAt_idx" ON "Organisation"("createdAt");

