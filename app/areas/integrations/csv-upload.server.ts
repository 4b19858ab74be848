// A CSV import posted to the API (POST /api/products/import and /api/properties/import): the file
// (multipart field `file`), its ?dryRun= flag, and the one action both routes answer with.
import { json } from '@remix-run/node'
import { z } from 'zod'
import { Invalid } from '~/lib/errors'
import { apiAction, parseWith } from '~/lib/http.server'
import { readMultipartForm } from '~/lib/multipart.server'
import { publicOrigin } from '~/lib/public-url.server'
import { requirePermission } from '~/areas/organisation/permissions'
import type { Operation, RouteContract } from '~/areas/organisation/route-contract'
import { requireApiManager } from '~/areas/people/auth.server'
import { importAnswer, importCatalog, type CatalogKind } from './catalog-csv.server'
import { ImportAnswer, ImportRefusedAnswer } from './responses.schema'

const MAX_CSV_BYTES = 5 * 1024 * 1024

export const ImportQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).default('false'),
})

export async function readCsvUpload(request: Request) {
  const query = parseWith(ImportQuery, Object.fromEntries(new URL(request.url).searchParams))
  const form = await readMultipartForm(request, { maxFileBytes: MAX_CSV_BYTES })
  const file = form.get('file')
  if (!file || typeof file === 'string' || file.size === 0) throw new Invalid('Choose a CSV file', { file: ['Choose a CSV file'] })
  const text = utf8Text(new Uint8Array(await file.arrayBuffer()))
  if (text === null) throw new Invalid('The file must be UTF-8 text (save it from your spreadsheet as "CSV UTF-8")', { file: ['Not UTF-8'] })
  return { text, dryRun: query.dryRun === 'true' }
}

/** A file's text, or null when it is not UTF-8 (with or without a BOM). */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/**
 * The action of an import route: its contract's callers (an owner, an admin or a key that may write
 * the catalogue) import the file, or with ?dryRun=true see what it would change; a bad row means
 * nothing is applied and the answer is a 422.
 */
export function csvImportAction(kind: CatalogKind, contract: RouteContract) {
  return apiAction(
    async ({ request }) => {
      const manager = await requireApiManager(request, contract)
      requirePermission(manager, 'import')
      const { text, dryRun } = await readCsvUpload(request)
      const { status, body } = importAnswer(await importCatalog(kind, manager.orgId, text, { dryRun, origin: publicOrigin(request) }))
      return json(body, { status })
    },
    { createdOnPost: false },
  )
}

/** What a CSV import operation takes and answers, for its route's contract (the OpenAPI document). */
export const csvImportSchemas = {
  query: ImportQuery,
  multipart: true,
  success: 200,
  response: ImportAnswer,
  unprocessable: { description: 'A row failed: nothing was applied (`applied: false`, 0 created and updated); `preview` says what the good rows would do', response: ImportRefusedAnswer },
} satisfies Partial<Operation>
