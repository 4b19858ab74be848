-- Issue 29: what the requester tells us (decision 081). Added columns, not Prisma's rebuild of the
-- table: a rebuild would drop the search triggers and the partial indexes that other migrations
-- put on ProductRequest.
ALTER TABLE "ProductRequest" ADD COLUMN "urgent" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "ProductRequest" ADD COLUMN "neededBy" DATETIME;
ALTER TABLE "ProductRequest" ADD COLUMN "fieldAnswers" TEXT;
ALTER TABLE "ProductRequest" ADD COLUMN "photos" TEXT;

-- A property's questions for its vendors, one document per property (decision 080).
CREATE TABLE "PropertyRequestFields" (
    "propertyId" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "fields" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PropertyRequestFields_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The vendor page asks these questions and is kept until the storefront version moves (decision 079).
CREATE TRIGGER storefront_request_fields_insert AFTER INSERT ON "PropertyRequestFields" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_request_fields_update AFTER UPDATE ON "PropertyRequestFields" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_request_fields_delete AFTER DELETE ON "PropertyRequestFields" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (OLD.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;

-- The dispatch queue's order (urgent, then soonest needed, then oldest), read from an index rather
-- than sorted on every view (decision 081). Expressions Prisma's schema cannot say, like the
-- partial indexes of pending_orders_count_indexes.
CREATE INDEX "ProductRequest_dispatch_order_idx" ON "ProductRequest"("organisationId", "status", "urgent" DESC, "neededBy" IS NULL, "neededBy", "createdAt", "id");
