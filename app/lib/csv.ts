// CSV as spreadsheets read it (RFC 4180): fields with commas, quotes or line breaks are quoted and
// inner quotes doubled; lines end with CRLF.

/**
 * Spreadsheet programs run a cell that starts with = + - @ (or a tab/CR before one) as a formula, so
 * text from vendors could run as one on a manager's machine (CSV injection). A leading apostrophe
 * makes such a cell plain text.
 */
function defuseFormula(text: string) {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = value instanceof Date ? value.toISOString() : typeof value === 'number' ? String(value) : defuseFormula(String(value))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
