-- Issue 15 (decision 054): a ledger of delivered requests and their lines, so a year's consumption
-- report is one index range scan instead of joining ~50,000 deliveries to their items and invoice
-- lines by random ids. The tables are Prisma's; the triggers and the backfill are hand-written.
-- Every write to the source tables recomputes the ledger rows of the requests it touched, from the
-- source tables, inside the same statement: whatever writes (the app, a job, a seed, raw SQL, a
-- foreign-key cascade), the ledger cannot disagree with what it is derived from.
--
-- Definitions (decision 027): a request is delivered when a runner of its own organisation
-- delivered it, and counts at its last delivery. Its lines are grouped by COALESCE(productId, name):
-- RequestItem rows give the quantity (and itemLines > 0: "the request asked for it"), InvoiceItem
-- rows of non-archived invoices give the cents. Product and property names are read at report time.

-- CreateTable
CREATE TABLE "DeliveredRequest" (
    "requestId" TEXT NOT NULL PRIMARY KEY,
    "organisationId" TEXT NOT NULL,
    "propertyId" TEXT,
    "createdAt" DATETIME NOT NULL,
    "deliveredAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DeliveryLedger" (
    "requestId" TEXT NOT NULL,
    "lineKey" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "propertyId" TEXT,
    "deliveredAt" DATETIME NOT NULL,
    "productId" TEXT,
    "name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "itemLines" INTEGER NOT NULL,
    "invoiceLines" INTEGER NOT NULL,
    "cents" INTEGER NOT NULL,

    PRIMARY KEY ("requestId", "lineKey")
);

-- CreateIndex
CREATE INDEX "DeliveredRequest_report_idx" ON "DeliveredRequest"("organisationId", "deliveredAt", "propertyId", "createdAt");

-- CreateIndex
CREATE INDEX "DeliveryLedger_period_idx" ON "DeliveryLedger"("organisationId", "deliveredAt", "propertyId", "lineKey", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents");

-- CreateIndex
CREATE INDEX "DeliveryLedger_product_idx" ON "DeliveryLedger"("organisationId", "propertyId", "lineKey", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents");

-- Recomputing a request's rows: the same statements in the triggers below, for the requests in
-- the IN (...) list (the new and the old id, so a row moved between requests fixes both).

-- A delivery (or its undoing) moves the request in or out of the ledger, at its last delivery.
CREATE TRIGGER "DeliveryLedger_assignment_insert" AFTER INSERT ON "RunnerAssignment"
WHEN new."status" = 'delivered' BEGIN
    DELETE FROM "DeliveredRequest" WHERE "requestId" IN (new."requestId");
    INSERT INTO "DeliveredRequest" ("requestId", "organisationId", "propertyId", "createdAt", "deliveredAt")
    SELECT r."id", r."organisationId", r."propertyId", r."createdAt", MAX(a."deliveredAt")
    FROM "ProductRequest" r
    JOIN "RunnerAssignment" a ON a."requestId" = r."id" AND a."organisationId" = r."organisationId"
        AND a."status" = 'delivered' AND a."deliveredAt" IS NOT NULL
    WHERE r."id" IN (new."requestId")
    GROUP BY r."id";
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (new."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (new."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (new."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_assignment_update" AFTER UPDATE OF "status", "deliveredAt", "requestId", "organisationId" ON "RunnerAssignment"
WHEN old."status" = 'delivered' OR new."status" = 'delivered' BEGIN
    DELETE FROM "DeliveredRequest" WHERE "requestId" IN (new."requestId", old."requestId");
    INSERT INTO "DeliveredRequest" ("requestId", "organisationId", "propertyId", "createdAt", "deliveredAt")
    SELECT r."id", r."organisationId", r."propertyId", r."createdAt", MAX(a."deliveredAt")
    FROM "ProductRequest" r
    JOIN "RunnerAssignment" a ON a."requestId" = r."id" AND a."organisationId" = r."organisationId"
        AND a."status" = 'delivered' AND a."deliveredAt" IS NOT NULL
    WHERE r."id" IN (new."requestId", old."requestId")
    GROUP BY r."id";
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (new."requestId", old."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (new."requestId", old."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (new."requestId", old."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_assignment_delete" AFTER DELETE ON "RunnerAssignment"
WHEN old."status" = 'delivered' BEGIN
    DELETE FROM "DeliveredRequest" WHERE "requestId" IN (old."requestId");
    INSERT INTO "DeliveredRequest" ("requestId", "organisationId", "propertyId", "createdAt", "deliveredAt")
    SELECT r."id", r."organisationId", r."propertyId", r."createdAt", MAX(a."deliveredAt")
    FROM "ProductRequest" r
    JOIN "RunnerAssignment" a ON a."requestId" = r."id" AND a."organisationId" = r."organisationId"
        AND a."status" = 'delivered' AND a."deliveredAt" IS NOT NULL
    WHERE r."id" IN (old."requestId")
    GROUP BY r."id";
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (old."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (old."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (old."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

-- Where and when the request was made: only for delivered requests, and never on a status change.
CREATE TRIGGER "DeliveryLedger_request_update" AFTER UPDATE OF "id", "propertyId", "createdAt", "organisationId" ON "ProductRequest"
WHEN EXISTS (SELECT 1 FROM "RunnerAssignment" WHERE "requestId" IN (new."id", old."id") AND "status" = 'delivered') BEGIN
    DELETE FROM "DeliveredRequest" WHERE "requestId" IN (new."id", old."id");
    INSERT INTO "DeliveredRequest" ("requestId", "organisationId", "propertyId", "createdAt", "deliveredAt")
    SELECT r."id", r."organisationId", r."propertyId", r."createdAt", MAX(a."deliveredAt")
    FROM "ProductRequest" r
    JOIN "RunnerAssignment" a ON a."requestId" = r."id" AND a."organisationId" = r."organisationId"
        AND a."status" = 'delivered' AND a."deliveredAt" IS NOT NULL
    WHERE r."id" IN (new."id", old."id")
    GROUP BY r."id";
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (new."id", old."id");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (new."id", old."id")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (new."id", old."id")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_request_delete" AFTER DELETE ON "ProductRequest"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (old."id")) BEGIN
    DELETE FROM "DeliveredRequest" WHERE "requestId" = old."id";
    DELETE FROM "DeliveryLedger" WHERE "requestId" = old."id";
END;

-- The lines of a delivered request: what it asked for and what was invoiced from it.
-- A new line only adds to its request's row (the common, bulk case: an invoice of many lines);
-- the result is the same as recomputing, which changes and deletes do.
CREATE TRIGGER "DeliveryLedger_item_insert" AFTER INSERT ON "RequestItem"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (new."requestId")) BEGIN
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(new."productId", new."productName"), d."organisationId", d."propertyId", d."deliveredAt",
           new."productId", new."productName", new."quantity", 1, 0, 0
    FROM "DeliveredRequest" d WHERE d."requestId" = new."requestId"
    ON CONFLICT ("requestId", "lineKey") DO UPDATE SET "name" = MAX("name", excluded."name"),
        "quantity" = "quantity" + excluded."quantity", "itemLines" = "itemLines" + 1;
END;

CREATE TRIGGER "DeliveryLedger_item_update" AFTER UPDATE OF "requestId", "productId", "productName", "quantity" ON "RequestItem"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (new."requestId", old."requestId")) BEGIN
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (new."requestId", old."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (new."requestId", old."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (new."requestId", old."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_item_delete" AFTER DELETE ON "RequestItem"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (old."requestId")) BEGIN
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (old."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (old."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (old."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_invoice_line_insert" AFTER INSERT ON "InvoiceItem"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (new."requestId")) BEGIN
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(new."productId", new."description"), d."organisationId", d."propertyId", d."deliveredAt",
           new."productId", new."description", 0, 0, 1, COALESCE(new."totalPriceCents", 0)
    FROM "DeliveredRequest" d JOIN "Invoice" inv ON inv."id" = new."invoiceId" AND inv."isArchived" = 0
    WHERE d."requestId" = new."requestId"
    ON CONFLICT ("requestId", "lineKey") DO UPDATE SET "name" = MAX("name", excluded."name"),
        "invoiceLines" = "invoiceLines" + 1, "cents" = "cents" + excluded."cents";
END;

CREATE TRIGGER "DeliveryLedger_invoice_line_update" AFTER UPDATE OF "requestId", "invoiceId", "productId", "description", "totalPriceCents" ON "InvoiceItem"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (new."requestId", old."requestId")) BEGIN
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (new."requestId", old."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (new."requestId", old."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (new."requestId", old."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_invoice_line_delete" AFTER DELETE ON "InvoiceItem"
WHEN EXISTS (SELECT 1 FROM "DeliveredRequest" WHERE "requestId" IN (old."requestId")) BEGIN
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (old."requestId");
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (old."requestId")
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (old."requestId")
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

-- Archiving or restoring an invoice takes its lines out of (or back into) the spend; deleting it
-- too (its lines go by cascade and fire the triggers above; this one covers a connection without
-- foreign keys).
CREATE TRIGGER "DeliveryLedger_invoice_update" AFTER UPDATE OF "isArchived" ON "Invoice"
WHEN old."isArchived" IS NOT new."isArchived" BEGIN
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (SELECT "requestId" FROM "InvoiceItem" WHERE "invoiceId" = new."id" AND "requestId" IN (SELECT "requestId" FROM "DeliveredRequest"));
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (SELECT "requestId" FROM "InvoiceItem" WHERE "invoiceId" = new."id" AND "requestId" IN (SELECT "requestId" FROM "DeliveredRequest"))
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (SELECT "requestId" FROM "InvoiceItem" WHERE "invoiceId" = new."id" AND "requestId" IN (SELECT "requestId" FROM "DeliveredRequest"))
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

CREATE TRIGGER "DeliveryLedger_invoice_delete" AFTER DELETE ON "Invoice" BEGIN
    DELETE FROM "DeliveryLedger" WHERE "requestId" IN (SELECT "requestId" FROM "InvoiceItem" WHERE "invoiceId" = old."id" AND "requestId" IN (SELECT "requestId" FROM "DeliveredRequest"));
    INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
    SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
           l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
    FROM (
        SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
        FROM "RequestItem" i WHERE i."requestId" IN (SELECT "requestId" FROM "InvoiceItem" WHERE "invoiceId" = old."id" AND "requestId" IN (SELECT "requestId" FROM "DeliveredRequest"))
        UNION ALL
        SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
        FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
        WHERE ii."requestId" IN (SELECT "requestId" FROM "InvoiceItem" WHERE "invoiceId" = old."id" AND "requestId" IN (SELECT "requestId" FROM "DeliveredRequest"))
    ) l
    JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
    GROUP BY d."requestId", COALESCE(l."productId", l."name");
END;

-- The deliveries that exist already.
INSERT INTO "DeliveredRequest" ("requestId", "organisationId", "propertyId", "createdAt", "deliveredAt")
SELECT r."id", r."organisationId", r."propertyId", r."createdAt", MAX(a."deliveredAt")
FROM "ProductRequest" r
JOIN "RunnerAssignment" a ON a."requestId" = r."id" AND a."organisationId" = r."organisationId"
    AND a."status" = 'delivered' AND a."deliveredAt" IS NOT NULL
WHERE r."id" IN (SELECT "requestId" FROM "RunnerAssignment" WHERE "status" = 'delivered')
GROUP BY r."id";
INSERT INTO "DeliveryLedger" ("requestId", "lineKey", "organisationId", "propertyId", "deliveredAt", "productId", "name", "quantity", "itemLines", "invoiceLines", "cents")
SELECT d."requestId", COALESCE(l."productId", l."name"), d."organisationId", d."propertyId", d."deliveredAt",
       l."productId", MAX(l."name"), SUM(l."quantity"), SUM(l."itemLine"), SUM(l."invoiceLine"), SUM(l."cents")
FROM (
    SELECT i."requestId", i."productId", i."productName" AS "name", i."quantity", 1 AS "itemLine", 0 AS "invoiceLine", 0 AS "cents"
    FROM "RequestItem" i WHERE i."requestId" IN (SELECT "requestId" FROM "DeliveredRequest")
    UNION ALL
    SELECT ii."requestId", ii."productId", ii."description", 0, 0, 1, COALESCE(ii."totalPriceCents", 0)
    FROM "InvoiceItem" ii JOIN "Invoice" inv ON inv."id" = ii."invoiceId" AND inv."isArchived" = 0
    WHERE ii."requestId" IN (SELECT "requestId" FROM "DeliveredRequest")
) l
JOIN "DeliveredRequest" d ON d."requestId" = l."requestId"
GROUP BY d."requestId", COALESCE(l."productId", l."name");
