// The CSV export of an organisation's requests (the list's filter, every page of it), with a column
// for each question ever answered.
import { sql } from 'kysely'
import { csvRow } from '~/lib/csv'
import { isoInZone } from '~/lib/format'
import { tables } from '~/lib/sql-builder.server'
import { readNow } from '~/lib/sql.server'
import { listRequests, MAX_PAGE_SIZE, withMatchingProperties, type RequestFilter, type RequestPage } from './request-list.server'

/**
 * The keys of every question the organisation's requests hold answers to, for the CSV export's
 * columns: answers outlive the questions (a removed question's answers are still exported).
 */
export async function answeredFieldKeys(orgId: string): Promise<string[]> {
  const query = tables
    .selectFrom('ProductRequest as r')
    .innerJoin((eb) => sql<{ value: string }>`json_each(${eb.ref('r.fieldAnswers')})`.as('a'), (join) => join.onTrue())
    .select((eb) => eb.fn<string | null>('json_extract', [eb.ref('a.value'), sql.lit('$.key')]).as('key'))
    .distinct()
    .where('r.organisationId', '=', orgId)
    .where('r.fieldAnswers', 'is not', null)
  const rows = await readNow((db) => db.all(query))
  return rows.flatMap((r) => (r.key ? [r.key] : [])).sort()
}

export const CSV_HEADER = ['Order Number', 'Request ID', 'Status', 'Property', 'Address', 'Vendor', 'Products', 'Items', 'Notes', 'Created At', 'Urgent', 'Needed By', 'Photos']

/**
 * The CSV export of every request matching the filter, produced a page at a time so an organisation
 * with 100,000 requests streams them without holding them all.
 */
export async function* requestsCsv(orgId: string, unresolved: Omit<RequestFilter, 'cursor' | 'limit'>, timeZone = 'UTC'): AsyncGenerator<string> {
  // One column per question ever answered (issue 29), named by its key, after the fixed ones.
  const keys = await answeredFieldKeys(orgId)
  yield csvRow([...CSV_HEADER, ...keys])
  const filter = await withMatchingProperties(orgId, unresolved)
  let cursor: string | null = null
  do {
    const page: RequestPage = await listRequests(orgId, { ...filter, cursor, limit: MAX_PAGE_SIZE })
    yield page.requests
      .map((r) =>
        csvRow([
          r.orderNumber,
          r.id,
          r.status,
          r.property?.name ?? '',
          r.property?.address ?? '',
          r.vendorName,
          r.requestedProducts.map((p) => `${p.name} x${p.quantity}`).join('; '),
          r.requestedProducts.length,
          r.notes ?? '',
          isoInZone(r.createdAt, timeZone),
          r.urgent ? 'yes' : 'no',
          r.neededBy ? isoInZone(r.neededBy, timeZone) : '',
          r.photos.length,
          ...keys.map((key) => r.fieldAnswers.find((a) => a.key === key)?.text ?? ''),
        ]),
      )
      .join('')
    cursor = page.nextCursor
  } while (cursor)
}
