-- AlterTable
ALTER TABLE "DeliveryProof" ADD COLUMN "capturedAt" DATETIME;
ALTER TABLE "DeliveryProof" ADD COLUMN "latitude" REAL;
ALTER TABLE "DeliveryProof" ADD COLUMN "longitude" REAL;
ALTER TABLE "DeliveryProof" ADD COLUMN "receivedBy" TEXT;
ALTER TABLE "DeliveryProof" ADD COLUMN "signatureUrl" TEXT;

-- CreateTable
CREATE TABLE "ActivityEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "organisationId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OrganisationSettings" (
    "organisationId" TEXT NOT NULL PRIMARY KEY,
    "requireHandoverCode" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OrganisationSettings_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HandoverCode" (
    "requestId" TEXT NOT NULL PRIMARY KEY,
    "codeHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HandoverCode_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "ProductRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HandoverCheck" (
    "assignmentId" TEXT NOT NULL PRIMARY KEY,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" DATETIME,
    "confirmedAt" DATETIME,
    CONSTRAINT "HandoverCheck_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "RunnerAssignment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RequesterSubscription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "stopToken" TEXT NOT NULL,
    "stoppedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RequesterSubscription_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "ProductRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RequesterMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "subscriptionId" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "sentAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RequesterMessage_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "RequesterSubscription" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IdempotentSubmission" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "assignmentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "ActivityEvent_organisationId_id_idx" ON "ActivityEvent"("organisationId", "id");

-- CreateIndex
CREATE INDEX "ActivityEvent_at_idx" ON "ActivityEvent"("at");

-- CreateIndex
CREATE UNIQUE INDEX "RequesterSubscription_stopToken_key" ON "RequesterSubscription"("stopToken");

-- CreateIndex
CREATE UNIQUE INDEX "RequesterSubscription_requestId_channel_address_key" ON "RequesterSubscription"("requestId", "channel", "address");

-- CreateIndex
CREATE UNIQUE INDEX "RequesterMessage_subscriptionId_stage_key" ON "RequesterMessage"("subscriptionId", "stage");

-- CreateIndex
CREATE INDEX "IdempotentSubmission_createdAt_idx" ON "IdempotentSubmission"("createdAt");

