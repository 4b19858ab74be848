-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN "address" TEXT;
ALTER TABLE "Organisation" ADD COLUMN "contactEmail" TEXT;
ALTER TABLE "Organisation" ADD COLUMN "contactPhone" TEXT;
ALTER TABLE "Organisation" ADD COLUMN "logoUrl" TEXT;
ALTER TABLE "Organisation" ADD COLUMN "setupCompletedAt" DATETIME;
ALTER TABLE "Organisation" ADD COLUMN "taxId" TEXT;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN "issuer" TEXT;


-- Organisations that already work in the app have long passed their first day.
UPDATE "Organisation" SET "setupCompletedAt" = "createdAt";
