-- CreateTable
CREATE TABLE "UploadedFile" (
    "file" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT,
    "driver" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "UploadedFile_createdAt_idx" ON "UploadedFile"("createdAt");

-- CreateIndex
CREATE INDEX "StoredImage_createdAt_idx" ON "StoredImage"("createdAt");

