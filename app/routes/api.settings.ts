import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { PreferencesInput } from '~/lib/schemas/settings'
import { getPreferences, updatePreferences } from '~/models/settings.server'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return getPreferences(manager.userId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PUT' && request.method !== 'PATCH') methodNotAllowed()
  return updatePreferences(manager.userId, await readJson(request, PreferencesInput))
}, { methods: ['PUT', 'PATCH'] })
