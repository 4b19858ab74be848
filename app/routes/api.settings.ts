import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { PreferencesInput } from '~/lib/schemas/settings'
import { getPreferences, updatePreferences } from '~/models/settings.server'
import { requireApiManager } from '~/services/auth.server'
import type { RouteContract } from '~/lib/route-contract'

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
