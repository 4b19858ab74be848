// Rules an organisation sets for all its deliveries and how it reads its times (owners and admins
// only). Read on every delivery, written only from actions: defaults until first saved, so a replica
// never has to write.
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { booleanInput } from '~/lib/schemas/common'
import { listedTimeZone, UNKNOWN_TIME_ZONE } from '~/lib/time-zones'
import { requirePermission, type Actor } from './permissions'
import { organisationTimeZone } from './organisation-time-zone.server'

export type OrganisationSettings = { requireHandoverCode: boolean }

const DEFAULTS: OrganisationSettings = { requireHandoverCode: false }

/** An IANA name from the list we offer; a renamed one (Asia/Calcutta) is kept under today's name. */
export const TimeZoneInput = z
  .string({ error: UNKNOWN_TIME_ZONE })
  .trim()
  .max(64, UNKNOWN_TIME_ZONE)
  .refine((v) => listedTimeZone(v) !== null, UNKNOWN_TIME_ZONE)

// Each field may come alone (PUT { timeZone } keeps the handover rule); the Settings form sends both.
export const OrganisationSettingsInput = z
  .object({ requireHandoverCode: booleanInput.optional(), timeZone: TimeZoneInput.optional() })
  .strict()
export type OrganisationSettingsChanges = z.infer<typeof OrganisationSettingsInput>

/** How runs are planned and estimated (issue 30): the depot runs start from, speed and time per stop. */
export type RunSettings = { depotAddress: string | null; depot: { lat: number; lng: number } | null; averageSpeedKmh: number; minutesPerStop: number; overdueAfterMinutes: number | null }
const RUN_DEFAULTS: RunSettings = { depotAddress: null, depot: null, averageSpeedKmh: 25, minutesPerStop: 6, overdueAfterMinutes: null }

export async function getRunSettings(orgId: string): Promise<RunSettings> {
  const row = await db.organisationSettings.findUnique({ where: { organisationId: orgId } })
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
  const row = await db.organisationSettings.findUnique({ where: { organisationId: orgId } })
  return row ? { requireHandoverCode: row.requireHandoverCode } : DEFAULTS
}

/** What Settings and GET /api/organisation/settings show. */
export async function organisationSettingsView(orgId: string) {
  const [settings, timeZone] = await Promise.all([getOrganisationSettings(orgId), organisationTimeZone(orgId)])
  return { ...settings, timeZone }
}

export async function updateOrganisationSettings(actor: Actor, orgId: string, changes: OrganisationSettingsChanges) {
  requirePermission(actor, 'organisation')
  const { requireHandoverCode } = changes
  const timeZone = listedTimeZone(changes.timeZone)
  await db.$transaction(async (tx) => {
    if (requireHandoverCode !== undefined) {
      await tx.organisationSettings.upsert({
        where: { organisationId: orgId },
        create: { organisationId: orgId, requireHandoverCode },
        update: { requireHandoverCode },
      })
    }
    if (timeZone) await tx.organisation.update({ where: { id: orgId }, data: { timeZone } })
  })
  return organisationSettingsView(orgId)
}
