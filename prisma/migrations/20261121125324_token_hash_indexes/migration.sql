-- CreateIndex
CREATE UNIQUE INDEX "Runner_tokenHash_key" ON "Runner"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "RunnerAssignment_linkTokenHash_key" ON "RunnerAssignment"("linkTokenHash");

