-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "actorName" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "details" TEXT
);

-- CreateIndex
CREATE INDEX "AuditEvent_organisationId_at_idx" ON "AuditEvent"("organisationId", "at");

-- CreateIndex
CREATE INDEX "AuditEvent_organisationId_action_at_idx" ON "AuditEvent"("organisationId", "action", "at");


-- The audit log is append-only: nothing may rewrite or remove what it records.
CREATE TRIGGER "AuditEvent_no_update" BEFORE UPDATE ON "AuditEvent"
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only'); END;

CREATE TRIGGER "AuditEvent_no_delete" BEFORE DELETE ON "AuditEvent"
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only'); END;
