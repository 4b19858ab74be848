// The first-run step (issue 34): the owner of a new organisation names it, sets its clock and its
// depot before anything else. The zone is the one the browser sent at sign-up when there was one;
// without it (no JavaScript) the page asks, and never shows UTC as if it had been chosen.
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { optionalText } from '~/lib/common.schema'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { OrganisationIdentityInput } from '~/areas/organisation/organisation-identity.server'
import { getRunSettings, TimeZoneInput, updateOrganisationSettings } from '~/areas/organisation/organisation-settings.server'
import { requirePermission, type Actor } from '~/areas/organisation/permissions'

export const CHOOSE_TIME_ZONE = 'Choose the time zone your team works in'

export const FirstRunInput = z.object({
  name: OrganisationIdentityInput.shape.name,
  timeZone: z.preprocess((v) => (v === '' ? undefined : v), TimeZoneInput.optional()).refine((v) => v !== undefined, CHOOSE_TIME_ZONE),
  depotAddress: optionalText(500),
})
export type FirstRunChanges = z.infer<typeof FirstRunInput>

export type FirstRunView = {
  name: string
  /** The zone to preselect: the browser's, sent at sign-up; null when none came and the owner must choose. */
  timeZone: string | null
  depotAddress: string | null
  done: boolean
}

/**
 * What the step starts from. A new organisation is created in UTC only when the browser sent no zone
 * (a zone of its own is stored as it came), so a UTC organisation whose step is not done has no choice yet.
 */
export async function firstRunView(orgId: string): Promise<FirstRunView> {
  const [org, runs] = await Promise.all([
    db.organisation.findUniqueOrThrow({ where: { id: orgId }, select: { name: true, timeZone: true, setupCompletedAt: true } }),
    getRunSettings(orgId),
  ])
  const done = org.setupCompletedAt !== null
  return { name: org.name, timeZone: org.timeZone === 'UTC' && !done ? null : org.timeZone, depotAddress: runs.depotAddress, done }
}

export async function completeFirstRun(actor: Actor, orgId: string, changes: FirstRunChanges) {
  requirePermission(actor, 'organisation')
  const saved = await updateOrganisationSettings(actor, orgId, changes)
  await markFirstRunDone(orgId, 'completed')
  return saved
}

/** "Skip for now": the step is not shown again; the organisation keeps what it has (Settings changes it). */
export async function skipFirstRun(actor: Actor, orgId: string) {
  requirePermission(actor, 'organisation')
  await markFirstRunDone(orgId, 'skipped')
}

async function markFirstRunDone(orgId: string, how: 'completed' | 'skipped') {
  const { count } = await db.organisation.updateMany({ where: { id: orgId, setupCompletedAt: null }, data: { setupCompletedAt: new Date() } })
  if (count > 0) await recordAudit({ orgId, action: 'organisation.setup_completed', target: { type: 'organisation', id: orgId }, details: { how } })
}
