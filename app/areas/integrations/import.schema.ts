// The /import page's form (issue 17): a CSV file to preview, or the previewed text to apply.
import { z } from 'zod'

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024

export const ImportForm = z
  .object({
    intent: z.enum(['preview', 'apply']).default('preview'),
    kind: z.enum(['products', 'properties'], { error: 'Choose products or properties' }).default('products'),
    file: z.file({ error: 'Choose a CSV file' }).max(IMPORT_MAX_BYTES, 'The file must be at most 5 MB').optional(),
    // The preview's own copy of the file, sent back by "Apply import".
    csv: z.string().max(IMPORT_MAX_BYTES, 'The file must be at most 5 MB').optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.file && !form.csv?.trim()) ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose a CSV file' })
  })
