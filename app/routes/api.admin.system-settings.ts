import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { SystemSettingsInput } from '~/lib/schemas/settings'
import { getSystemSettings, requireSystemRole, updateSystemSettings } from '~/models/settings.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return getSystemSettings(manager.role)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PUT') methodNotAllowed()
  requireSystemRole(manager.role)
  return updateSystemSettings(manager.role, await readJson(request, SystemSettingsInput))
}, { methods: ['PUT'] })
