// POST /api/products/import (multipart `file`, ?dryRun=true to see what would change): the columns of
// GET /api/products?format=csv. Any bad row means nothing is applied.
import { readCsvUpload } from '~/lib/csv-upload.server'
import { apiAction, methodNotAllowed } from '~/lib/http.server'
import { importProducts } from '~/models/catalog-csv.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'


export const action = apiAction(
  async ({ request }) => {
    const manager = await requireApiManager(request)
    if (request.method !== 'POST') methodNotAllowed()
    requirePermission(manager, 'import')
    const { text, dryRun } = await readCsvUpload(request)
    const { created, updated, errors } = await importProducts(manager.orgId, text, { dryRun })
    return { created, updated, errors }
  },
  { createdOnPost: false },
)
