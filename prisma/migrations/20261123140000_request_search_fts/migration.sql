-- Issue 13: substring search over requests through FTS5 trigram indexes (decision 016).
-- Hand-written: Prisma's schema knows nothing of virtual tables, so `prisma migrate diff` never
-- sees these and never tries to drop them. Both are external-content indexes over the real tables
-- (they store only the index, keyed by the table's rowid) and the triggers keep them in step.
-- A request's own words: its id, order number, vendor and notes.
CREATE VIRTUAL TABLE "ProductRequestSearch" USING fts5(
    "id", "orderNumber", "vendorName", "notes",
    content = 'ProductRequest', tokenize = 'trigram case_sensitive 0'
);

-- The product names on each request, one row per line.
CREATE VIRTUAL TABLE "RequestItemSearch" USING fts5(
    "productName",
    content = 'RequestItem', tokenize = 'trigram case_sensitive 0'
);

CREATE TRIGGER "ProductRequestSearch_insert" AFTER INSERT ON "ProductRequest" BEGIN
    INSERT INTO "ProductRequestSearch" (rowid, "id", "orderNumber", "vendorName", "notes")
    VALUES (new.rowid, new."id", new."orderNumber", new."vendorName", new."notes");
END;

CREATE TRIGGER "ProductRequestSearch_delete" AFTER DELETE ON "ProductRequest" BEGIN
    INSERT INTO "ProductRequestSearch" ("ProductRequestSearch", rowid, "id", "orderNumber", "vendorName", "notes")
    VALUES ('delete', old.rowid, old."id", old."orderNumber", old."vendorName", old."notes");
END;

-- Only when a searched column changes: a status change (the common update) costs nothing here.
CREATE TRIGGER "ProductRequestSearch_update" AFTER UPDATE OF "id", "orderNumber", "vendorName", "notes" ON "ProductRequest" BEGIN
    INSERT INTO "ProductRequestSearch" ("ProductRequestSearch", rowid, "id", "orderNumber", "vendorName", "notes")
    VALUES ('delete', old.rowid, old."id", old."orderNumber", old."vendorName", old."notes");
    INSERT INTO "ProductRequestSearch" (rowid, "id", "orderNumber", "vendorName", "notes")
    VALUES (new.rowid, new."id", new."orderNumber", new."vendorName", new."notes");
END;

CREATE TRIGGER "RequestItemSearch_insert" AFTER INSERT ON "RequestItem" BEGIN
    INSERT INTO "RequestItemSearch" (rowid, "productName") VALUES (new.rowid, new."productName");
END;

CREATE TRIGGER "RequestItemSearch_delete" AFTER DELETE ON "RequestItem" BEGIN
    INSERT INTO "RequestItemSearch" ("RequestItemSearch", rowid, "productName") VALUES ('delete', old.rowid, old."productName");
END;

CREATE TRIGGER "RequestItemSearch_update" AFTER UPDATE OF "productName" ON "RequestItem" BEGIN
    INSERT INTO "RequestItemSearch" ("RequestItemSearch", rowid, "productName") VALUES ('delete', old.rowid, old."productName");
    INSERT INTO "RequestItemSearch" (rowid, "productName") VALUES (new.rowid, new."productName");
END;

-- The rows that exist already.
INSERT INTO "ProductRequestSearch" ("ProductRequestSearch") VALUES ('rebuild');
INSERT INTO "RequestItemSearch" ("RequestItemSearch") VALUES ('rebuild');
