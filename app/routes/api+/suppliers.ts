// GET /api/suppliers (the organisation's suppliers, by name) and POST /api/suppliers
// { name, email?, phone?, leadTimeDays } (owners and admins) → 201 { supplier }.
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { SupplierInput } from '~/areas/purchasing/supplier.schema'
import { createSupplier, listSuppliers } from '~/areas/purchasing/supplier.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'POST'],
  permission: 'work',
  methodPermissions: { POST: 'purchasing' },
  operations: [
    { method: 'GET', summary: 'List suppliers', scope: 'purchasing:read', response: answer.SupplierListAnswer },
    { method: 'POST', summary: 'Add a supplier (owners and admins)', scope: 'purchasing:write', body: SupplierInput, response: answer.SupplierEnvelope },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return { suppliers: await listSuppliers(manager.orgId) }
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'POST') methodNotAllowed()
  requirePermission(manager, 'purchasing')
  return { supplier: await createSupplier(manager.orgId, await readJson(request, SupplierInput)) }
})
