// Translated catalogs (issue 15, decision 029): a product's name and description in the vendor
// languages. Vendors see their language, falling back to the product's own text; managers see which
// products still lack a language.
import type { Product } from '@prisma/client'
import { VENDOR_LANGUAGE_CODES, type VendorLanguage } from '~/i18n/config'
import { newRowId } from '~/lib/ids.server'
import { tables } from '~/lib/sql-builder.server'
import { listed } from '~/lib/sql-list.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import type { TranslationChanges } from '~/areas/catalogue/translation.schema'
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
    const statements = Object.entries(changes).map(([language, text]) =>
      text
        ? tables
            .insertInto('ProductTranslation')
            .values({ id: newRowId(), productId: product.id, language, name: text.name, description: text.description })
            .onConflict((conflict) => conflict.columns(['productId', 'language']).doUpdateSet({ name: text.name, description: text.description }))
        : tables.deleteFrom('ProductTranslation').where('productId', '=', product.id).where('language', '=', language),
    )
    await writeTogether((db) => statements.forEach((statement) => db.run(statement)))
  }
  const query = tables.selectFrom('ProductTranslation').select(['language', 'name', 'description']).where('productId', '=', product.id).orderBy('language')
  const rows = await readNow((db) => db.all(query))
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

/** How many of the missing list the Products page names; the rest are counted (decision 101). */
export const UNTRANSLATED_SHOWN = 50

/**
 * The organisation's products lacking one or more languages: how many, and the first `limit` by name
 * with the languages they lack. One statement whatever the catalog holds, and the page names no more
 * than `limit` of them.
 */
export async function missingTranslations(orgId: string, limit = UNTRANSLATED_SHOWN) {
  // Per product through the translations' (productId, language) index, never grouped over the table.
  const query = tables
    .selectFrom('Product as p')
    .select((eb) => [
      'p.id',
      'p.name',
      eb.selectFrom('ProductTranslation as t').select((t) => t.fn<string | null>('group_concat', [t.ref('t.language')]).as('l')).whereRef('t.productId', '=', 'p.id').as('languages'),
      eb.fn.countAll<number>().over().as('total'),
    ])
    .where('p.organisationId', '=', orgId)
    .where(
      (eb) => eb.selectFrom('ProductTranslation as t').select((t) => t.fn.countAll<number>().as('n')).whereRef('t.productId', '=', 'p.id').where('t.language', 'in', listed(LANGUAGES_TO_TRANSLATE)),
      '<',
      LANGUAGES_TO_TRANSLATE.length,
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(limit)
  const rows = await readNow((db) => db.all(query))
  return {
    total: rows[0]?.total ?? 0,
    products: rows.map((r) => {
      const have = new Set(r.languages?.split(',') ?? [])
      return { id: r.id, name: r.name, missing: LANGUAGES_TO_TRANSLATE.filter((l) => !have.has(l)) }
    }),
  }
}

/** One of the organisation's products with its translations, for the translations dialog. */
export async function productTranslations(orgId: string, productId: string) {
  return withTranslations(await findProduct(orgId, productId))
}

/** The translations dialog's save: every language it sent, an empty one removed. */
export async function saveProductTranslations(orgId: string, productId: string, changes: TranslationChanges) {
  return withTranslations(await findProduct(orgId, productId), changes)
}
