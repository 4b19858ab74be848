// Rules an organisation sets for all its deliveries and how it reads its times (owners and admins
// only). Read on every delivery, written only from actions: defaults until first saved, so a replica
// never has to write.
import { z } from 'zod'
import { tables } from '~/lib/sql-builder.server'
import { readNow, writeTogether } from '~/lib/sql.server'
import { booleanInput, optionalText } from '~/lib/common.schema'
import { geocodeAddress, geocodingKey } from '~/lib/geocode.server'
import { listedTimeZone, UNKNOWN_TIME_ZONE } from '~/lib/time-zones'
import { requirePermission, type Actor } from './permissions'
import { organisationTimeZone } from './organisation-time-zone.server'
import { changedIdentityFields, identityChangesOf, organisationIdentity, OrganisationIdentityInput } from './organisation-identity.server'
import { recordAudit } from './audit-log.server'

export type OrganisationSettings = { requireHandoverCode: boolean }

const DEFAULTS: OrganisationSettings = { requireHandoverCode: false }

/** An IANA name from the list we offer; a renamed one (Asia/Calcutta) is kept under today's name. */
export const TimeZoneInput = z
  .string({ error: UNKNOWN_TIME_ZONE })
  .trim()
  .max(64, UNKNOWN_TIME_ZONE)
  .refine((v) => listedTimeZone(v) !== null, UNKNOWN_TIME_ZONE)

/** A form's blank box is "not set"; a JSON null too. */
const blankIsNull = (v: unknown) => (v === '' ? null : v)
const SPEED = 'Average speed is between 1 and 200 km/h'
const PER_STOP = 'Time per stop is between 0 and 240 minutes'
const OVERDUE = 'Overdue after is between 1 and 10080 minutes (a week), or blank for off'

// Each field may come alone (PUT { timeZone } keeps the handover rule); the Settings forms send theirs.
// The organisation's identity (issue 34) is the Settings form's schema, each field optional here.
export const OrganisationSettingsInput = z
  .object({
    ...OrganisationIdentityInput.partial().shape,
    requireHandoverCode: booleanInput.optional(),
    timeZone: TimeZoneInput.optional(),
    // Issue 30: runs start from the depot without a runner's position; estimates use speed and time per stop.
    depotAddress: optionalText(500).optional(),
    averageSpeedKmh: z.preprocess(blankIsNull, z.coerce.number({ error: SPEED }).min(1, SPEED).max(200, SPEED)).optional(),
    minutesPerStop: z.preprocess(blankIsNull, z.coerce.number({ error: PER_STOP }).int(PER_STOP).min(0, PER_STOP).max(240, PER_STOP)).optional(),
    overdueAfterMinutes: z.preprocess(blankIsNull, z.coerce.number({ error: OVERDUE }).int(OVERDUE).min(1, OVERDUE).max(10080, OVERDUE).nullable()).optional(),
  })
  .strict()
export type OrganisationSettingsChanges = z.infer<typeof OrganisationSettingsInput>

/** How runs are planned and estimated (issue 30): the depot runs start from, speed and time per stop. */
export type RunSettings = { depotAddress: string | null; depot: { lat: number; lng: number } | null; averageSpeedKmh: number; minutesPerStop: number; overdueAfterMinutes: number | null }
const RUN_DEFAULTS: RunSettings = { depotAddress: null, depot: null, averageSpeedKmh: 25, minutesPerStop: 6, overdueAfterMinutes: null }

export async function getRunSettings(orgId: string): Promise<RunSettings> {
  // A kept statement (decision 068): the Requests page, the dashboard and Dispatch read it on every
  // view for the overdue limit, and through the ORM its query compiler alone cost ~1.5 ms a view.
  const row = await readNow((sql) =>
    sql.one(
      tables
        .selectFrom('OrganisationSettings')
        .select(['depotAddress', 'depotLatitude', 'depotLongitude', 'averageSpeedKmh', 'minutesPerStop', 'overdueAfterMinutes'])
        .where('organisationId', '=', orgId),
    ),
  )
  if (!row) return RUN_DEFAULTS
  return {
    depotAddress: row.depotAddress,
    depot: row.depotLatitude !== null && row.depotLongitude !== null ? { lat: row.depotLatitude, lng: row.depotLongitude } : null,
    averageSpeedKmh: row.averageSpeedKmh,
    minutesPerStop: row.minutesPerStop,
    overdueAfterMinutes: row.overdueAfterMinutes,
  }
}

export async function getOrganisationSettings(orgId: string): Promise<OrganisationSettings> {
  const row = await readNow((sql) => sql.one(tables.selectFrom('OrganisationSettings').select('requireHandoverCode').where('organisationId', '=', orgId)))
  return row ? { requireHandoverCode: row.requireHandoverCode === 1 } : DEFAULTS
}

/** What Settings and GET /api/organisation/settings show. */
export async function organisationSettingsView(orgId: string) {
  const [identity, settings, timeZone, runs] = await Promise.all([organisationIdentity(orgId), getOrganisationSettings(orgId), organisationTimeZone(orgId), getRunSettings(orgId)])
  const { depotAddress, averageSpeedKmh, minutesPerStop, overdueAfterMinutes } = runs
  return { ...identity, ...settings, timeZone, depotAddress, averageSpeedKmh, minutesPerStop, overdueAfterMinutes }
}

export async function updateOrganisationSettings(actor: Actor, orgId: string, changes: OrganisationSettingsChanges) {
  requirePermission(actor, 'organisation')
  const { requireHandoverCode, depotAddress, averageSpeedKmh, minutesPerStop, overdueAfterMinutes } = changes
  const timeZone = listedTimeZone(changes.timeZone)
  const identity = identityChangesOf(changes)
  const before = await organisationIdentity(orgId)
  const changedFields = changedIdentityFields(before, identity)
  // The depot is looked up like a property's address, here in the action (a write), never on a page view.
  const depot = depotAddress === undefined ? {} : { depotAddress, ...(await depotPosition(depotAddress)) }
  const data = {
    ...(requireHandoverCode !== undefined ? { requireHandoverCode } : {}),
    ...depot,
    ...(averageSpeedKmh !== undefined ? { averageSpeedKmh } : {}),
    ...(minutesPerStop !== undefined ? { minutesPerStop } : {}),
    ...(overdueAfterMinutes !== undefined ? { overdueAfterMinutes } : {}),
  }
  await writeTogether((sql) => {
    if (Object.keys(data).length > 0) {
      const updated = { ...data, updatedAt: new Date() }
      sql.run(
        tables
          .insertInto('OrganisationSettings')
          .values({ organisationId: orgId, ...updated })
          .onConflict((oc) => oc.column('organisationId').doUpdateSet(updated)),
      )
    }
    if (timeZone || changedFields.length > 0) sql.run(tables.updateTable('Organisation').set({ ...identity, ...(timeZone ? { timeZone } : {}) }).where('id', '=', orgId))
  })
  if (changedFields.length > 0) {
    const renamed = changedFields.includes('name') ? { previousName: before.name, name: identity.name } : {}
    await recordAudit({ orgId, action: 'organisation.identity_changed', target: { type: 'organisation', id: orgId }, details: { fields: changedFields, ...renamed } })
  }
  return organisationSettingsView(orgId)
}

/** The depot's coordinates; without a key or an answer, none (runs then start from the map's centre). */
async function depotPosition(address: string | null) {
  const key = geocodingKey()
  if (!address || !key) return { depotLatitude: null, depotLongitude: null }
  const found = await geocodeAddress(address, key)
  return found.ok ? { depotLatitude: found.lat, depotLongitude: found.lng } : { depotLatitude: null, depotLongitude: null }
}
