// Rules an organisation sets for all its deliveries (owners and admins only). Read on every delivery,
// written only from actions: defaults until first saved, so a replica never has to write.
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { booleanInput } from '~/lib/schemas/common'
import { requirePermission, type Actor } from './permissions'

export type OrganisationSettings = { requireHandoverCode: boolean }

const DEFAULTS: OrganisationSettings = { requireHandoverCode: false }

export const OrganisationSettingsInput = z
  .object({ requireHandoverCode: booleanInput })
  .strict()

export async function getOrganisationSettings(orgId: string): Promise<OrganisationSettings> {
  const row = await db.organisationSettings.findUnique({ where: { organisationId: orgId } })
  return row ? { requireHandoverCode: row.requireHandoverCode } : DEFAULTS
}

export async function updateOrganisationSettings(actor: Actor, orgId: string, changes: OrganisationSettings) {
  requirePermission(actor, 'organisation')
  const row = await db.organisationSettings.upsert({
    where: { organisationId: orgId },
    create: { organisationId: orgId, ...changes },
    update: changes,
  })
  return { requireHandoverCode: row.requireHandoverCode }
}
