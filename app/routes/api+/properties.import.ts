// POST /api/properties/import (multipart `file`, ?dryRun=true to see what would change): the columns of
// GET /api/properties?format=csv. Any bad row means nothing is applied.
import { csvImportAction, csvImportSchemas } from '~/areas/integrations/csv-upload.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['member-needs-owner/admin', 'api-key'],
  methods: ['POST'],
  permission: 'import',
  operations: [
    { method: 'POST', summary: 'Import properties from CSV (?dryRun=true to preview)', scope: 'catalog:write', ...csvImportSchemas },
  ],
}

export const action = csvImportAction('properties', contract)
