// Products and properties as CSV (issue 17): the export a spreadsheet opens, and the import that reads
// the same columns back. Rows with our id update that row; rows without an id are created. An import
// with any bad row changes nothing, so a half-applied file never has to be untangled.
import crypto from 'node:crypto'
import type { z } from 'zod'
import { csvRow, parseCsv } from '~/lib/csv'
import { db } from '~/lib/db.server'
import { Invalid } from '~/lib/errors'
import { ProductInput } from '~/areas/catalogue/product.schema'
import { PropertyInput } from '~/areas/catalogue/property.schema'
import { vendorUrl } from '~/areas/catalogue/property.server'

export const PRODUCT_COLUMNS = ['id', 'name', 'category', 'description', 'price', 'imageUrl', 'thumbnailUrl', 'imageAlt', 'isActive'] as const
export const PROPERTY_COLUMNS = ['id', 'name', 'address', 'isActive', 'qrCodeActive'] as const

const BOM = '\uFEFF' // so Excel reads the file as UTF-8

export async function productsCsv(orgId: string) {
  const rows = await db.product.findMany({ where: { organisationId: orgId }, orderBy: [{ category: 'asc' }, { name: 'asc' }] })
  return BOM + csvRow(PRODUCT_COLUMNS) + rows.map((p) => csvRow(PRODUCT_COLUMNS.map((c) => p[c]))).join('')
}

export async function propertiesCsv(orgId: string) {
  const rows = await db.property.findMany({ where: { organisationId: orgId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
  return BOM + csvRow(PROPERTY_COLUMNS) + rows.map((p) => csvRow(PROPERTY_COLUMNS.map((c) => p[c]))).join('')
}

export type ImportRow = { row: number; action: 'create' | 'update'; name: string }
export type ImportPreview = {
  created: number
  updated: number
  /** What each good row does. */
  rows: ImportRow[]
}
/**
 * What happened, not what would have: `created` and `updated` count rows written, so a dry run or a
 * file with bad rows says 0 of each, and what the good rows would do is in `preview`.
 */
export type ImportResult = {
  applied: boolean
  created: number
  updated: number
  errors: { row: number; message: string }[]
  preview: ImportPreview
}

type Parsed<T> = { row: number; id: string | null; values: T }

/** Reads the file into validated rows: row numbers are the spreadsheet's (the header is row 1). */
function readRows<S extends z.ZodType>(text: string, columns: readonly string[], schema: S) {
  let table: string[][]
  try {
    table = parseCsv(text)
  } catch (err) {
    throw new Invalid(`The file is not valid CSV: ${(err as Error).message}.`)
  }
  const header = (table[0] ?? []).map((h) => h.trim())
  if (!header.includes('name')) throw new Invalid(`The first row must name the columns: ${columns.join(', ')}.`)
  const unknown = header.filter((h) => h && !columns.includes(h))
  if (unknown.length) throw new Invalid(`Unknown column ${unknown.join(', ')}. Expected: ${columns.join(', ')}.`)

  const good: Parsed<z.output<S>>[] = []
  const errors: { row: number; message: string }[] = []
  table.slice(1).forEach((cells, i) => {
    const row = i + 2
    const record: Record<string, string> = {}
    header.forEach((h, col) => {
      if (h && h !== 'id' && cells[col] !== undefined && cells[col] !== '') record[h] = cells[col]!
    })
    const parsed = schema.safeParse(record)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      errors.push({ row, message: issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message })
      return
    }
    const id = cells[header.indexOf('id')]?.trim() || null
    good.push({ row, id: header.includes('id') ? id : null, values: parsed.data })
  })
  return { good, errors }
}

/** Ids must be this organisation's: an id from elsewhere is an error, never a way into another organisation. */
function checkIds<T>(good: Parsed<T>[], known: Set<string>, errors: ImportResult['errors'], noun: string) {
  const seen = new Set<string>()
  return good.filter((r) => {
    if (!r.id) return true
    if (!known.has(r.id)) errors.push({ row: r.row, message: `No ${noun} with id ${r.id} in your organisation` })
    else if (seen.has(r.id)) errors.push({ row: r.row, message: `The id ${r.id} appears twice` })
    else return seen.add(r.id)
    return false
  })
}

function summarise<T extends { name: string }>(rows: Parsed<T>[], errors: ImportResult['errors'], applied: boolean): ImportResult {
  const lines = rows.map((r) => ({ row: r.row, action: r.id ? ('update' as const) : ('create' as const), name: r.values.name }))
  const preview = {
    created: lines.filter((r) => r.action === 'create').length,
    updated: lines.filter((r) => r.action === 'update').length,
    rows: lines,
  }
  return {
    applied,
    created: applied ? preview.created : 0,
    updated: applied ? preview.updated : 0,
    errors: errors.sort((a, b) => a.row - b.row),
    preview,
  }
}

/**
 * The API's answer to an import: 422 when a row failed (nothing was applied), 200 otherwise, a dry
 * run included. The 422 carries the error contract's `error` beside the rows that need fixing.
 */
export function importAnswer(result: ImportResult): { status: 200 | 422; body: ImportResult & { error?: string } } {
  if (result.errors.length === 0) return { status: 200, body: result }
  const rows = result.errors.length === 1 ? '1 row needs' : `${result.errors.length} rows need`
  return { status: 422, body: { error: `Nothing was imported: ${rows} fixing.`, ...result } }
}

/** What an import brings in: the products or the properties of the catalogue. */
export type CatalogKind = 'products' | 'properties'

/** An import of either kind, as the /import page and the API choose it; `origin` makes new properties' QR links. */
export function importCatalog(kind: CatalogKind, orgId: string, text: string, options: { dryRun: boolean; origin: string }): Promise<ImportResult> {
  return kind === 'products' ? importProducts(orgId, text, options) : importProperties(orgId, text, options)
}

export async function importProducts(orgId: string, text: string, options: { dryRun: boolean }): Promise<ImportResult> {
  const { good, errors } = readRows(text, PRODUCT_COLUMNS, ProductInput)
  const ids = good.flatMap((r) => (r.id ? [r.id] : []))
  const known = new Set((await db.product.findMany({ where: { organisationId: orgId, id: { in: ids } }, select: { id: true } })).map((p) => p.id))
  const rows = checkIds(good, known, errors, 'product')
  if (options.dryRun || errors.length) return summarise(rows, errors, false)
  await db.$transaction(async (tx) => {
    for (const r of rows) {
      // Our CSV has no translation columns: an import leaves a product's translations as they are.
      const values = { ...r.values, translations: undefined }
      if (r.id) await tx.product.update({ where: { id: r.id }, data: values })
      else await tx.product.create({ data: { ...values, organisationId: orgId } })
    }
  })
  return summarise(rows, errors, true)
}

export async function importProperties(orgId: string, text: string, options: { dryRun: boolean; origin: string }): Promise<ImportResult> {
  const { good, errors } = readRows(text, PROPERTY_COLUMNS, PropertyInput)
  const ids = good.flatMap((r) => (r.id ? [r.id] : []))
  const known = new Set((await db.property.findMany({ where: { organisationId: orgId, id: { in: ids } }, select: { id: true } })).map((p) => p.id))
  const rows = checkIds(good, known, errors, 'property')
  if (options.dryRun || errors.length) return summarise(rows, errors, false)
  await db.$transaction(async (tx) => {
    for (const r of rows) {
      if (r.id) await tx.property.update({ where: { id: r.id }, data: r.values })
      else {
        // As createProperty: the QR code URL, which holds the id, is made with the row.
        const id = crypto.randomUUID()
        await tx.property.create({
          data: { ...r.values, id, organisationId: orgId, qrCodeUrl: vendorUrl(options.origin, id), qrCodeGeneratedAt: new Date() },
        })
      }
    }
  })
  return summarise(rows, errors, true)
}
