// POST /api/products/import (multipart `file`, ?dryRun=true to see what would change): the columns of
// GET /api/products?format=csv. Any bad row means nothing is applied, and a 422 says so.
import { readCsvUpload, csvImportSchemas } from '~/areas/integrations/csv-upload.server'
import { json } from '@remix-run/node'
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { importAnswer, importProducts } from '~/areas/integrations/catalog-csv.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin', 'api-key'],
  methods: ['POST'],
  permission: 'import',
  operations: [
    { method: 'POST', summary: 'Import products from CSV (?dryRun=true to preview)', scope: 'catalog:write', ...csvImportSchemas },
  ],
}


export const action = apiAction(
  async ({ request }) => {
    const manager = await requireApiManager(request, contract)
    if (request.method !== 'POST') methodNotAllowed()
    requirePermission(manager, 'import')
    const { text, dryRun } = await readCsvUpload(request)
    const { status, body } = importAnswer(await importProducts(manager.orgId, text, { dryRun }))
    return json(body, { status })
  },
  { createdOnPost: false },
)
