import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { PreferencesInput } from '~/areas/organisation/settings.schema'
import { getPreferences, updatePreferences } from '~/areas/organisation/settings.server'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'PUT', 'PATCH'],
  permission: 'work',
  operations: [
    { method: 'GET', summary: 'The manager’s settings' },
    { method: 'PUT', summary: 'Replace the manager’s settings', body: PreferencesInput },
    { method: 'PATCH', summary: 'Change the manager’s settings', body: PreferencesInput },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return getPreferences(manager.userId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT' && request.method !== 'PATCH') methodNotAllowed()
  return updatePreferences(manager.userId, await readJson(request, PreferencesInput))
}, { methods: ['PUT', 'PATCH'] })
