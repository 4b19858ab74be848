// Delivery runners. Runners have no account: a random token, stored only as its hash, identifies them.
import { db } from '~/lib/db.server'
import { hashToken } from '~/lib/tokens.server'

/** The runner a token belongs to, or null; the digest is the lookup key, so the token itself is never compared. */
export async function findRunnerByToken(token: string) {
  if (!token) return null
  return db.runner.findFirst({ where: { tokenHash: hashToken(token) } })
}
