// GET/PUT /api/organisation/settings { name, address, contactEmail, contactPhone, taxId, logoUrl,
// requireHandoverCode, timeZone, depotAddress, averageSpeedKmh, minutesPerStop, overdueAfterMinutes }:
// who the organisation is (issue 34) and the rules for all of its deliveries and runs. Any manager may
// read them; only owners and admins change them (any field alone; a blank or null one is cleared).
import { apiAction, apiLoader, methodNotAllowed, readJson } from '~/lib/http.server'
import { organisationSettingsView, OrganisationSettingsInput, updateOrganisationSettings } from '~/areas/organisation/organisation-settings.server'
import { requirePermission } from '~/areas/organisation/permissions'
import { requireApiManager } from '~/areas/people/auth.server'
import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = {
  kind: 'api',
  callers: ['manager'],
  methods: ['GET', 'HEAD', 'PUT', 'PATCH'],
  permission: 'work',
  methodPermissions: { PUT: 'organisation', PATCH: 'organisation' },
  operations: [
    { method: 'GET', summary: 'The organisation’s name, address, contacts and logo, its delivery rules, time zone and run settings' },
    { method: 'PUT', summary: 'Change the organisation’s name, address, contacts, logo (an /api/upload imageUrl), delivery rules, time zone or run settings (owners and admins)', body: OrganisationSettingsInput },
    { method: 'PATCH', summary: 'Change the organisation’s name, address, contacts, logo (an /api/upload imageUrl), delivery rules, time zone or run settings (owners and admins)', body: OrganisationSettingsInput },
  ],
}

export const loader = apiLoader(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  return organisationSettingsView(manager.orgId)
})

export const action = apiAction(async ({ request }) => {
  const manager = await requireApiManager(request, contract)
  if (request.method !== 'PUT' && request.method !== 'PATCH') methodNotAllowed()
  // Refused before the body is read: a 403 says more than a 400 about a field.
  requirePermission(manager, 'organisation')
  return updateOrganisationSettings(manager, manager.orgId, await readJson(request, OrganisationSettingsInput))
}, { methods: ['PUT', 'PATCH'] })
