// The organisation's time zone: every date a manager, runner or vendor reads is shown on its clock
// (issue 28). Kept until the next write, so pages that show dates ask the database for it rarely.
import { db } from '~/lib/db.server'
import { reusedUntilWrite } from '~/lib/reuse-until-write.server'

/** The zone, or UTC when the stored name is not one this runtime knows. */
export function safeTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}

const timeZones = reusedUntilWrite<string>()

/** The organisation's time zone, for showing its dates (UTC when the stored one is unknown). */
export async function organisationTimeZone(orgId: string) {
  return timeZones(orgId, async () => {
    const org = await db.organisation.findUniqueOrThrow({ where: { id: orgId }, select: { timeZone: true } })
    return safeTimeZone(org.timeZone)
  })
}
