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

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OrganisationSettings" (
    "organisationId" TEXT NOT NULL PRIMARY KEY,
    "requireHandoverCode" BOOLEAN NOT NULL DEFAULT false,
    "depotAddress" TEXT,
    "depotLatitude" REAL,
    "depotLongitude" REAL,
    "averageSpeedKmh" REAL NOT NULL DEFAULT 25,
    "minutesPerStop" INTEGER NOT NULL DEFAULT 6,
    "overdueAfterMinutes" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OrganisationSettings_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OrganisationSettings" ("organisationId", "requireHandoverCode", "updatedAt") SELECT "organisationId", "requireHandoverCode", "updatedAt" FROM "OrganisationSettings";
DROP TABLE "OrganisationSettings";
ALTER TABLE "new_OrganisationSettings" RENAME TO "OrganisationSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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

