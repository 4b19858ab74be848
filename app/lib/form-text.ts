// A posted form field read as text. A field may be missing or, in a multipart post, a file; the
// pages' actions want text either way, so these say once what a field that is not text reads as.

/** The field's text as posted, or undefined when it is missing or a file. */
export function formString(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

/** The field's text as posted, or '' when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  return formString(form, name) ?? ''
}

/** The field's text trimmed, or null when it is missing, a file or blank. */
export function trimmedFormText(form: FormData, name: string): string | null {
  return formString(form, name)?.trim() || null
}
