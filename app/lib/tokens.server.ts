// Runner and delivery-link tokens (DESIGN.md §5): 256 random bits, stored only as a SHA-256 digest
// (the token is already unguessable, so a slow hash adds nothing), compared in constant time.
import crypto from 'node:crypto'

export function newToken() {
  return crypto.randomBytes(32).toString('base64url')
}

export function hashToken(token: string) {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex')
}

export function tokenMatches(token: string | null | undefined, storedHash: string | null | undefined) {
  if (!token || !storedHash) return false
  const given = Buffer.from(hashToken(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && crypto.timingSafeEqual(given, stored)
}
