// CSV as spreadsheets read it (RFC 4180): fields with commas, quotes or line breaks are quoted and
// inner quotes doubled; lines end with CRLF. Reading is csv-parse's (decision 122).
import { CsvError, parse } from 'csv-parse/sync'

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

/** Spreadsheets set to a decimal comma (much of Europe) export with semicolons; the header line tells which. */
function delimiterOf(text: string) {
  const header = text.slice(0, text.search(/[\r\n]|$/))
  const count = (c: string) => header.split(c).length - 1
  return count(';') > count(',') ? ';' : ','
}

/**
 * Reads CSV as spreadsheets write it: UTF-8 with or without a BOM, comma- or semicolon-separated
 * (told by the header line), fields quoted with doubled inner quotes (and line breaks inside quotes),
 * CRLF, LF or CR line ends. Blank lines are skipped. Throws on a quote left open, the one thing a
 * spreadsheet never writes.
 */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  let rows: string[][]
  try {
    rows = parse(text, {
      delimiter: delimiterOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    })
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED') throw new Error('A quoted field is not closed')
    throw err
  }
  return rows.filter((row) => !(row.length === 1 && row[0] === '')).map((row) => row.map(restoreFormulaText))
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
