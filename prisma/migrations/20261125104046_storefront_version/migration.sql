-- CreateTable
CREATE TABLE "StorefrontVersion" (
    "organisationId" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);


-- Written by hand: Prisma does not see triggers. Each change to something a vendor page shows bumps
-- its organisation's storefront version (decision 079). A migration that rebuilds one of these tables
-- (Prisma's SQLite redefine pattern) drops its triggers: app/models/storefront-cache.test.ts fails then.

CREATE TRIGGER storefront_property_insert AFTER INSERT ON "Property" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_property_update AFTER UPDATE OF name, address, isActive, qrCodeActive, organisationId ON "Property" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_property_delete AFTER DELETE ON "Property" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (OLD.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_product_insert AFTER INSERT ON "Product" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_product_update AFTER UPDATE ON "Product" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_product_delete AFTER DELETE ON "Product" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (OLD.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_property_product_insert AFTER INSERT ON "PropertyProduct" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_property_product_update AFTER UPDATE ON "PropertyProduct" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_property_product_delete AFTER DELETE ON "PropertyProduct" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (OLD.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_translation_insert AFTER INSERT ON "ProductTranslation" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES ((SELECT organisationId FROM Product WHERE id = NEW.productId), 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_translation_update AFTER UPDATE ON "ProductTranslation" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES ((SELECT organisationId FROM Product WHERE id = NEW.productId), 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_translation_delete AFTER DELETE ON "ProductTranslation" WHEN EXISTS (SELECT 1 FROM Product WHERE id = OLD.productId) BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES ((SELECT organisationId FROM Product WHERE id = OLD.productId), 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_organisation_update AFTER UPDATE ON "Organisation" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.id, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_settings_insert AFTER INSERT ON "OrganisationSettings" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_settings_update AFTER UPDATE ON "OrganisationSettings" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_settings_delete AFTER DELETE ON "OrganisationSettings" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (OLD.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
