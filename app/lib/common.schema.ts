// Building blocks for input schemas shared by page forms (conform) and /api routes.
import { z } from 'zod'

/** A checkbox or JSON boolean: forms send "true"/"false"/"on", JSON sends true/false. */
export const booleanInput = z.preprocess((raw) => {
  // A switch posts a hidden "false" and, when on, a "true" after it: the last value wins.
  const v = Array.isArray(raw) ? raw[raw.length - 1] : raw
  if (v === 'true' || v === 'on') return true
  if (v === 'false') return false
  return v
}, z.boolean({ error: 'Must be true or false' }))

/** Required text: trimmed, and the spec's message when missing or blank. */
/** Control characters (a NUL above all) break CSV, PDFs and terminals; line breaks and tabs are text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const NO_CONTROL = 'Must not contain control characters'

export const requiredText = (message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), NO_CONTROL)

/** Optional text: blank becomes null, so clearing a field in a form clears it in the database. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), NO_CONTROL)
    .nullish()
    .transform((v) => (v ? v : null))

export const idParam = z.string().uuid('Not found')

/** Any uploaded image (a product's, a proof photo, an organisation's logo) is at most this. */
export const IMAGE_UPLOAD_LIMIT_BYTES = 15 * 1024 * 1024

export const IMAGE_URL_NOT_ALLOWED = 'Image address must be an uploaded image (/images/…) or an http(s) URL'

/** Our own uploads, or an image elsewhere on the web; anything else (javascript:, data:) could run or leak in an <img>. */
export function isAllowedImageUrl(value: string) {
  if (/^\/images\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value)) return true
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
