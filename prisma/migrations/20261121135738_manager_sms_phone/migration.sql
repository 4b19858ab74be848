-- AlterTable
ALTER TABLE "UserSettings" ADD COLUMN "smsPhone" TEXT;

