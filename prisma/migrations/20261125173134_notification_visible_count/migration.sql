-- CreateIndex
CREATE INDEX "Notification_organisationId_userId_idx" ON "Notification"("organisationId", "userId");

