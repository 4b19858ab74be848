// Rules an organisation sets for all its deliveries (owners and admins only). Read on every delivery,
// written only from actions: defaults until first saved, so a replica never has to write.
import { z } from 'zod'
import { db } from '~/lib/db.server'
import { Forbidden } from '~/lib/errors'
import { booleanInput } from '~/lib/schemas/common'
import { canManageSystem } from './settings.server'

export type OrganisationSettings = { requireHandoverCode: boolean }

const DEFAULTS: OrganisationSettings = { requireHandoverCode: false }

export const OrganisationSettingsInput = z
  .object({ requireHandoverCode: booleanInput })
  .strict()

export async function getOrganisationSettings(orgId: string): Promise<OrganisationSettings> {
  const row = await db.organisationSettings.findUnique({ where: { organisationId: orgId } })
  return row ? { requireHandoverCode: row.requireHandoverCode } : DEFAULTS
}

export async function updateOrganisationSettings(role: string, orgId: string, changes: OrganisationSettings) {
  if (!canManageSystem(role)) throw new Forbidden('Only an owner or admin can change the organisation settings.')
  const row = await db.organisationSettings.upsert({
    where: { organisationId: orgId },
    create: { organisationId: orgId, ...changes },
    update: changes,
  })
  return { requireHandoverCode: row.requireHandoverCode }
}
