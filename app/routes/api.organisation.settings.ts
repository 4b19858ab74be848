// GET/PUT /api/organisation/settings { name, address, contactEmail, contactPhone, taxId, logoUrl,
// requireHandoverCode, timeZone, depotAddress, averageSpeedKmh, minutesPerStop, overdueAfterMinutes }:
// who the organisation is (issue 34) and the rules for all of its deliveries and runs. Any manager may
// read them; only owners and admins change them (any field alone; a blank or null one is cleared).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { organisationSettingsView, OrganisationSettingsInput, updateOrganisationSettings } from '~/models/organisation-settings.server'
import { requirePermission } from '~/models/permissions'
import { requireApiManager } from '~/services/auth.server'

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request)
  return organisationSettingsView(manager.orgId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request)
  if (request.method !== 'PUT' && request.method !== 'PATCH') methodNotAllowed()
  // Refused before the body is read: a 403 says more than a 400 about a field.
  requirePermission(manager, 'organisation')
  return updateOrganisationSettings(manager, manager.orgId, await readJson(request, OrganisationSettingsInput))
}, { methods: ['PUT', 'PATCH'] })
