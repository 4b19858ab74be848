// GET /api/suppliers/:id and PUT /api/suppliers/:id { name, email?, phone?, leadTimeDays } (owners and admins).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { SupplierInput } from '~/areas/purchasing/supplier.schema'
import { findSupplier, updateSupplier } from '~/areas/purchasing/supplier.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'
import * as answer from '~/areas/purchasing/purchasing-answer.schema'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager', 'api-key'],
  methods: ['GET', 'HEAD', 'PUT'],
  permission: 'work',
  methodPermissions: { PUT: 'purchasing' },
  operations: [
    { method: 'GET', summary: 'One supplier', scope: 'purchasing:read', response: answer.SupplierEnvelope },
    { method: 'PUT', summary: 'Change a supplier (owners and admins)', scope: 'purchasing:write', body: SupplierInput, response: answer.SupplierEnvelope },
  ],
}

export const loader = apiLoader(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  return { supplier: await findSupplier(manager.orgId, params.id!) }
})

export const action = apiAction(async ({ request, params }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT') methodNotAllowed()
  requirePermission(manager, 'purchasing')
  return { supplier: await updateSupplier(manager.orgId, params.id!, await readJson(request, SupplierInput)) }
}, { methods: ['PUT'] })
