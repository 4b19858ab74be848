-- Written by hand (decision 079): a category heading's translation is shown on the vendor page, so a
-- change to one moves the organisation's storefront version like a product's translation does.
CREATE TRIGGER storefront_category_translation_insert AFTER INSERT ON "CategoryTranslation" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_category_translation_update AFTER UPDATE ON "CategoryTranslation" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (NEW.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
CREATE TRIGGER storefront_category_translation_delete AFTER DELETE ON "CategoryTranslation" BEGIN INSERT INTO StorefrontVersion (organisationId, version) VALUES (OLD.organisationId, 1) ON CONFLICT (organisationId) DO UPDATE SET version = version + 1; END;
