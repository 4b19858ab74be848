-- AlterTable
ALTER TABLE "HandoverCheck" ADD COLUMN "withoutCodeAt" DATETIME;

