// GET/PUT /api/admin/system-settings { registration_enabled }: whether people who belong to no
// organisation may sign up. Anyone signed in may read it; only the operator changes it (decision 072).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { SystemSettingsInput } from '~/areas/organisation/settings.schema'
import { withOperator } from '~/areas/people/operator.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { getSystemSettings, updateSystemSettings } from '~/areas/organisation/settings.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'PUT'],
  permission: 'work',
  methodPermissions: { PUT: 'system' },
  operations: [
    { method: 'GET', summary: 'System settings: whether new organisations may register' },
    { method: 'PUT', summary: 'Change system settings (the owners and admins of the organisation that runs the deployment)', body: SystemSettingsInput },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  await requireApiManager(request, contract)
  return getSystemSettings()
})

export const action = apiAction(async ({ request }) => {
  const manager = await withOperator(await requireApiManager(request, contract))
  if (request.method !== 'PUT') methodNotAllowed()
  // Refused before the body is read: a 403 says more than a 400 about a field.
  requirePermission(manager, 'system')
  return updateSystemSettings(manager, await readJson(request, SystemSettingsInput))
}, { methods: ['PUT'] })
