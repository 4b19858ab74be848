-- CreateTable
CREATE TABLE "NotificationRead" (
    "userId" TEXT NOT NULL,
    "notificationId" TEXT NOT NULL,
    "readAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "notificationId"),
    CONSTRAINT "NotificationRead_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NotificationRead_notificationId_fkey" FOREIGN KEY ("notificationId") REFERENCES "Notification" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NotificationsReadUpTo" (
    "userId" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "readUpTo" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "organisationId"),
    CONSTRAINT "NotificationsReadUpTo_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NotificationsReadUpTo_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "NotificationRead_notificationId_idx" ON "NotificationRead"("notificationId");


-- Hand-written: what was read under the old organisation-wide flag stays read for every member
-- (decision 071). Each member's mark goes up to the last notification before the oldest unread one
-- (all of them when none is unread); the read ones after it become single reads. Notification itself
-- is left as it is (no table rebuild).
INSERT INTO "NotificationsReadUpTo" ("userId", "organisationId", "readUpTo")
SELECT "userId", "organisationId", "upTo" FROM (
  SELECT m."userId", m."organisationId", (
    SELECT MAX(n."createdAt") FROM "Notification" n
    WHERE n."organisationId" = m."organisationId"
      AND n."createdAt" < COALESCE((SELECT MIN(u."createdAt") FROM "Notification" u WHERE u."organisationId" = m."organisationId" AND u."isRead" = 0), '9999')
  ) AS "upTo"
  FROM "Membership" m
) WHERE "upTo" IS NOT NULL;

INSERT INTO "NotificationRead" ("userId", "notificationId", "readAt")
SELECT m."userId", n."id", n."createdAt"
FROM "Notification" n
JOIN "Membership" m ON m."organisationId" = n."organisationId"
WHERE n."isRead" = 1 AND (n."userId" IS NULL OR n."userId" = m."userId")
  AND n."createdAt" > COALESCE((SELECT w."readUpTo" FROM "NotificationsReadUpTo" w WHERE w."userId" = m."userId" AND w."organisationId" = m."organisationId"), '');
