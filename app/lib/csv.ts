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

/** Undoes defuseFormula: an apostrophe we put before = + - @ goes away again on import. */
function restoreFormulaText(text: string) {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text
}

/**
 * Reads CSV as spreadsheets write it: UTF-8 with or without a BOM, comma-separated, fields quoted
 * with doubled inner quotes (and line breaks inside quotes), CRLF or LF line ends. Blank lines are
 * skipped. Throws on a quote left open, the one thing a spreadsheet never writes.
 */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(restoreFormulaText(field))
    field = ''
  }
  const endRow = () => {
    endField()
    if (!(row.length === 1 && row[0] === '')) rows.push(row)
    row = []
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') {
      quoted = true
    } else if (c === ',') endField()
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      endRow()
    } else field += c
  }
  if (quoted) throw new Error('A quoted field is not closed')
  if (field !== '' || row.length > 0) endRow()
  return rows
}

export function csvDownload(body: string | ReadableStream<Uint8Array>, filename: string) {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/**
 * A CSV download written as `lines` yields them, after a byte-order mark so Excel reads it as UTF-8.
 * A generator is read a line at a time as the client takes them (a long export is never one string in
 * memory) and stops being read when the client goes away.
 */
export function csvStream(lines: AsyncIterable<string> | Iterable<string>, filename: string) {
  const source = Symbol.asyncIterator in lines ? lines[Symbol.asyncIterator]() : lines[Symbol.iterator]()
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode('\uFEFF')),
    async pull(controller) {
      const next = await source.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    cancel: () => void source.return?.(undefined),
  })
  return csvDownload(body, filename)
}
