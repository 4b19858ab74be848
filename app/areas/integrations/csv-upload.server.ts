// The CSV file of an import post (multipart field `file`), and its ?dryRun= flag.
import { z } from 'zod'
import { Invalid } from '~/lib/errors'
import { parseWith } from '~/lib/http.server'
import { readMultipartForm } from '~/lib/multipart.server'
import type { Operation } from '~/areas/organisation/route-contract'
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
  const bytes = new Uint8Array(await file.arrayBuffer())
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new Invalid('The file must be UTF-8 text (save it from your spreadsheet as "CSV UTF-8")', { file: ['Not UTF-8'] })
  }
  return { text, dryRun: query.dryRun === 'true' }
}

/** What a CSV import operation takes and answers, for its route's contract (the OpenAPI document). */
export const csvImportSchemas = {
  query: ImportQuery,
  multipart: true,
  success: 200,
  response: ImportAnswer,
  unprocessable: { description: 'A row failed: nothing was applied (`applied: false`, 0 created and updated); `preview` says what the good rows would do', response: ImportRefusedAnswer },
} satisfies Partial<Operation>
