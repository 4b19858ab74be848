// A product's text in the vendor languages (issue 15): { "uk": { "name": "…", "description": "…" } }.
// A language set to null loses its translation; languages not sent are left as they are.
import { z } from 'zod'
import { VENDOR_LANGUAGE_CODES, type VendorLanguage } from '~/i18n/config'

export const ProductTranslationText = z.object({
  name: z.string({ error: 'Translated name is required' }).trim().min(1, 'Translated name is required').max(200, 'Must be at most 200 characters'),
  description: z
    .string({ error: 'Must be text' })
    .trim()
    .max(2000, 'Must be at most 2000 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
})

export const ProductTranslations = z
  .record(z.string(), ProductTranslationText.nullable(), { error: 'Translations must be an object keyed by language' })
  .superRefine((value, ctx) => {
    for (const lang of Object.keys(value)) {
      if (!(VENDOR_LANGUAGE_CODES as string[]).includes(lang)) {
        ctx.addIssue({ code: 'custom', path: [lang], message: `Language must be one of ${VENDOR_LANGUAGE_CODES.join(', ')}` })
      }
    }
  })
  .transform((value) => value as Partial<Record<VendorLanguage, z.output<typeof ProductTranslationText> | null>>)

export type TranslationChanges = z.output<typeof ProductTranslations>

const formText = (max: number) => z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`).optional()

/** One language in the products page's translations dialog: an empty name removes the translation. */
const TranslationFormEntry = z
  .object({ name: formText(200), description: formText(2000) })
  .optional()
  .superRefine((entry, ctx) => {
    if (!entry?.name && entry?.description) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Translated name is required with a description' })
  })
  .transform((entry) => (entry?.name ? { name: entry.name, description: entry.description || null } : null))

/** The translations dialog: every language the catalog is translated into, each sent (empty = none). */
export const ProductTranslationsForm = z.object({
  translations: z
    .object(Object.fromEntries(VENDOR_LANGUAGE_CODES.filter((l) => l !== 'en').map((l) => [l, TranslationFormEntry])) as Record<Exclude<VendorLanguage, 'en'>, typeof TranslationFormEntry>)
    .optional()
    .transform((t) => (t ?? {}) as Partial<Record<VendorLanguage, { name: string; description: string | null } | null>>),
})

/** PUT /api/categories/{name}: a category heading's translations, as a product's (a description is ignored). */
export const CategoryTranslationsInput = z.object({ translations: ProductTranslations })
