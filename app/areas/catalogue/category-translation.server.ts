// Category headings in the vendor's language (issue 28). A category is the text managers typed on
// their products, so its translations are kept by organisation and that text; renaming every
// product's category leaves the old translations unused rather than wrong. Vendors see the
// translation where there is one and the category's own text where not, as with product names.
import { db } from '~/lib/db.server'
import { NotFound } from '~/lib/errors'
import type { TranslationChanges } from '~/areas/catalogue/translation.schema'
import type { Translations } from './product-translation.server'

export type CategoryWithTranslations = { name: string; products: number; translations: Translations }

/** The organisation's categories (as its products spell them, trimmed), by name, each with its translations. */
export async function listCategories(orgId: string): Promise<CategoryWithTranslations[]> {
  const [groups, rows] = await Promise.all([
    db.product.groupBy({ by: ['category'], where: { organisationId: orgId, category: { not: null } }, _count: { _all: true } }),
    db.categoryTranslation.findMany({ where: { organisationId: orgId }, orderBy: { language: 'asc' } }),
  ])
  const counts = new Map<string, number>()
  for (const g of groups) {
    const name = g.category?.trim()
    if (name) counts.set(name, (counts.get(name) ?? 0) + g._count._all)
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, products]) => ({
      name,
      products,
      translations: Object.fromEntries(rows.filter((r) => r.category === name).map((r) => [r.language, { name: r.name, description: null }])),
    }))
}

/** One category with its translations; NotFound when none of the organisation's products is in it. */
export async function findCategory(orgId: string, name: string): Promise<CategoryWithTranslations> {
  const category = (await listCategories(orgId)).find((c) => c.name === name.trim())
  if (!category) throw new NotFound('Category not found')
  return category
}

/** Saves the languages given (null or an empty name removes one); a description has no place on a heading and is dropped. */
export async function saveCategoryTranslations(orgId: string, name: string, changes: TranslationChanges): Promise<CategoryWithTranslations> {
  const category = await findCategory(orgId, name)
  const entries = Object.entries(changes)
  if (entries.length > 0) {
    await db.$transaction(
      entries.map(([language, text]) => {
        const key = { organisationId_category_language: { organisationId: orgId, category: category.name, language } }
        return text
          ? db.categoryTranslation.upsert({ where: key, create: { organisationId: orgId, category: category.name, language, name: text.name }, update: { name: text.name } })
          : db.categoryTranslation.deleteMany({ where: { organisationId: orgId, category: category.name, language } })
      }),
    )
  }
  return findCategory(orgId, category.name)
}

/** Every translated category heading of an organisation, for the vendor's storefront (kept with it). */
export function categoryHeadings(orgId: string) {
  return db.categoryTranslation.findMany({ where: { organisationId: orgId }, select: { category: true, language: true, name: true } })
}
