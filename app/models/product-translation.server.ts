// Translated catalogs (issue 15, decision 029): a product's name and description in the vendor
// languages. Vendors see their language, falling back to the product's own text; managers see which
// products still lack a language.
import type { Product } from '@prisma/client'
import { VENDOR_LANGUAGE_CODES, type VendorLanguage } from '~/i18n/config'
import { db } from '~/lib/db.server'
import type { TranslationChanges } from '~/lib/schemas/translation'
import { findProduct } from './product.server'

export type TranslationText = { name: string; description: string | null }
export type Translations = Partial<Record<VendorLanguage, TranslationText>>

/** The languages a catalog should be in besides its own text, which is written in English. */
export const LANGUAGES_TO_TRANSLATE = VENDOR_LANGUAGE_CODES.filter((l) => l !== 'en')

function asMap(rows: Array<{ language: string; name: string; description: string | null }>): Translations {
  return Object.fromEntries(rows.map((r) => [r.language, { name: r.name, description: r.description }]))
}

/**
 * Applies translation changes (a language set to null is removed) to a product already checked to be
 * the organisation's, and answers the product with all its translations.
 */
export async function withTranslations(product: Product, changes?: TranslationChanges) {
  if (changes && Object.keys(changes).length > 0) {
    await db.$transaction(
      Object.entries(changes).map(([language, text]) =>
        text
          ? db.productTranslation.upsert({
              where: { productId_language: { productId: product.id, language } },
              create: { productId: product.id, language, name: text.name, description: text.description },
              update: { name: text.name, description: text.description },
            })
          : db.productTranslation.deleteMany({ where: { productId: product.id, language } }),
      ),
    )
  }
  const rows = await db.productTranslation.findMany({ where: { productId: product.id }, orderBy: { language: 'asc' } })
  return { ...product, translations: asMap(rows) }
}

type Translatable = {
  name: string
  description: string | null
  category?: string | null
  translations?: Array<{ language: string; name: string; description: string | null }>
  categoryTranslations?: Array<{ language: string; name: string }>
}

/**
 * The vendor's language where the product (or its category) has it, the own text where not (a
 * translation without a description keeps the original description). The translations are dropped.
 */
export function inLanguage<P extends Translatable>(products: P[], lang: string): Array<Omit<P, 'translations' | 'categoryTranslations'>> {
  return products.map(({ translations = [], categoryTranslations = [], ...product }) => {
    const t = translations.find((x) => x.language === lang)
    const heading = categoryTranslations.find((x) => x.language === lang)
    const translated = heading ? { ...product, category: heading.name } : product
    return t ? { ...translated, name: t.name, description: t.description ?? product.description } : translated
  })
}

/** The organisation's products lacking one or more languages, with the languages they lack. */
export async function missingTranslations(orgId: string) {
  const products = await db.product.findMany({
    where: { organisationId: orgId },
    select: { id: true, name: true, translations: { select: { language: true } } },
    orderBy: { name: 'asc' },
  })
  return products
    .map((p) => {
      const have = new Set(p.translations.map((t) => t.language))
      return { id: p.id, name: p.name, missing: LANGUAGES_TO_TRANSLATE.filter((l) => !have.has(l)) }
    })
    .filter((p) => p.missing.length > 0)
}

/** One of the organisation's products with its translations, for the translations dialog. */
export async function productTranslations(orgId: string, productId: string) {
  return withTranslations(await findProduct(orgId, productId))
}

/** The translations dialog's save: every language it sent, an empty one removed. */
export async function saveProductTranslations(orgId: string, productId: string, changes: TranslationChanges) {
  return withTranslations(await findProduct(orgId, productId), changes)
}
