// A runner's job: one request to deliver. A shareable delivery link carries a per-assignment token.
import { db } from '~/lib/db.server'
import { hashToken } from '~/lib/tokens.server'

/** The assignment a delivery-link token opens, or null. */
export async function findAssignmentByLinkToken(token: string) {
  if (!token) return null
  return db.runnerAssignment.findFirst({ where: { linkTokenHash: hashToken(token) } })
}
