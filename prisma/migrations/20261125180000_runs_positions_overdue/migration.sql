-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "runnerId" TEXT NOT NULL,
    "startLatitude" REAL NOT NULL,
    "startLongitude" REAL NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RunStop" (
    "assignmentId" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "stopOrder" INTEGER NOT NULL,
    "propertyId" TEXT
);

-- CreateTable
CREATE TABLE "RunnerPosition" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "runnerId" TEXT NOT NULL,
    "latitude" REAL NOT NULL,
    "longitude" REAL NOT NULL,
    "recordedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OverdueAlert" (
    "requestId" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "alertedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable: columns added in place (not the table rebuilt), so another change to these settings
-- merged alongside keeps its columns and rows.
ALTER TABLE "OrganisationSettings" ADD COLUMN "depotAddress" TEXT;
ALTER TABLE "OrganisationSettings" ADD COLUMN "depotLatitude" REAL;
ALTER TABLE "OrganisationSettings" ADD COLUMN "depotLongitude" REAL;
ALTER TABLE "OrganisationSettings" ADD COLUMN "averageSpeedKmh" REAL NOT NULL DEFAULT 25;
ALTER TABLE "OrganisationSettings" ADD COLUMN "minutesPerStop" INTEGER NOT NULL DEFAULT 6;
ALTER TABLE "OrganisationSettings" ADD COLUMN "overdueAfterMinutes" INTEGER;

-- CreateIndex
CREATE INDEX "Run_organisationId_createdAt_idx" ON "Run"("organisationId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_runnerId_createdAt_idx" ON "Run"("runnerId", "createdAt");

-- CreateIndex
CREATE INDEX "RunStop_runId_stopOrder_idx" ON "RunStop"("runId", "stopOrder");

-- CreateIndex
CREATE INDEX "RunnerPosition_runnerId_recordedAt_idx" ON "RunnerPosition"("runnerId", "recordedAt");

-- CreateIndex
CREATE INDEX "RunnerPosition_organisationId_recordedAt_idx" ON "RunnerPosition"("organisationId", "recordedAt");

-- CreateIndex
CREATE INDEX "RunnerPosition_recordedAt_idx" ON "RunnerPosition"("recordedAt");

-- CreateIndex
CREATE INDEX "OverdueAlert_organisationId_alertedAt_idx" ON "OverdueAlert"("organisationId", "alertedAt");

