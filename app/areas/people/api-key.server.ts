// API keys (issue 17): another system calls /api as the organisation, within the key's scopes.
// The key is shown once; only its SHA-256 digest is stored (it is 256 random bits, so a slow hash adds
// nothing), and a short prefix lets people tell keys apart.
import { db } from '~/lib/db.server'
import { API_SCOPES, type ApiScope } from '~/areas/organisation/route-contract'
import { Forbidden, NotFound, TooManyRequests, Unauthorized } from '~/lib/errors'
import { hashToken, newToken } from '~/lib/tokens.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'
import { requirePermission } from '~/areas/organisation/permissions'
import type { Manager } from './user.server'

export const API_KEY_PREFIX = 'srk_'
const VISIBLE_CHARS = API_KEY_PREFIX.length + 8

export type ApiKeyView = {
  id: string
  name: string
  prefix: string
  scopes: ApiScope[]
  createdAt: Date
  lastUsedAt: Date | null
}

function scopesOf(stored: string) {
  return stored.split(',').filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s))
}

function view(key: { id: string; name: string; prefix: string; scopes: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeyView {
  const buffered = lastUse.get(key.id)
  const lastUsedAt = buffered && (!key.lastUsedAt || buffered > key.lastUsedAt) ? buffered : key.lastUsedAt
  return { id: key.id, name: key.name, prefix: key.prefix, scopes: scopesOf(key.scopes), createdAt: key.createdAt, lastUsedAt }
}

function requireKeyManager(manager: Manager) {
  requirePermission(manager, 'integrations')
}

export async function createApiKey(manager: Manager, input: { name: string; scopes: ApiScope[] }) {
  requireKeyManager(manager)
  const key = API_KEY_PREFIX + newToken()
  const created = await db.apiKey.create({
    data: {
      organisationId: manager.orgId,
      createdById: manager.userId,
      name: input.name,
      prefix: key.slice(0, VISIBLE_CHARS),
      keyHash: hashToken(key),
      scopes: [...new Set(input.scopes)].join(','),
    },
  })
  // Never the key itself: the log is readable by every admin, the key only by whoever made it.
  await recordAudit({ orgId: manager.orgId, action: 'api_key.created', target: { type: 'api_key', id: created.id }, details: { name: created.name, prefix: created.prefix, scopes: scopesOf(created.scopes) } })
  return { ...view(created), key }
}

export async function listApiKeys(manager: Manager): Promise<ApiKeyView[]> {
  requireKeyManager(manager)
  const keys = await db.apiKey.findMany({
    where: { organisationId: manager.orgId, revokedAt: null },
    orderBy: { createdAt: 'desc' },
  })
  return keys.map(view)
}

export async function revokeApiKey(manager: Manager, id: string) {
  requireKeyManager(manager)
  const { count } = await db.apiKey.updateMany({
    where: { id, organisationId: manager.orgId, revokedAt: null },
    data: { revokedAt: new Date() },
  })
  if (count === 0) throw new NotFound('API key not found')
  lastUse.delete(id)
  const revoked = await db.apiKey.findUniqueOrThrow({ where: { id }, select: { name: true, prefix: true } })
  await recordAudit({ orgId: manager.orgId, action: 'api_key.revoked', target: { type: 'api_key', id }, details: revoked })
}

// ---- using a key ----

/**
 * When each key was last used, kept in memory: a GET must never write (this machine may be a LiteFS
 * replica), so the api-key-usage job writes these from the primary. Writes with a key are served by
 * the primary, so they always reach the database; a replica's GETs show only in its own answers
 * (decision 036).
 */
const lastUse = new Map<string, Date>()

/** Takes the buffered uses to write; the job puts back what it could not write. */
export function takeBufferedKeyUses() {
  const uses = [...lastUse]
  lastUse.clear()
  return uses
}

export async function writeKeyUses(uses: [string, Date][]) {
  for (const [id, at] of uses) {
    // Only moves forward, so an older buffer flushed late never hides a newer use.
    await db.apiKey.updateMany({ where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] }, data: { lastUsedAt: at } })
  }
}

const RATE_WINDOW_MS = 60_000
const windows = new Map<string, { start: number; count: number }>()

function perMinuteLimit() {
  const configured = Number(process.env.API_KEY_LIMIT_PER_MINUTE)
  return Number.isFinite(configured) && configured > 0 ? configured : 600
}

/** A fixed one-minute window per key, on this machine. */
function countUse(keyId: string, now: number) {
  let window = windows.get(keyId)
  if (!window || now - window.start >= RATE_WINDOW_MS) {
    window = { start: now, count: 0 }
    windows.set(keyId, window)
  }
  window.count += 1
  if (window.count > perMinuteLimit()) throw new TooManyRequests('Too many requests with this API key. Please wait a minute.')
}

/**
 * The caller a bearer key stands for, if the key allows this method and path. The key acts as its
 * organisation (as the person who made it, for records), never beyond its scopes.
 */
export async function managerFromApiKey(key: string, operation: { scope?: ApiScope } | undefined): Promise<Manager> {
  if (!key.startsWith(API_KEY_PREFIX)) throw new Unauthorized('Invalid API key')
  const found = await db.apiKey.findUnique({ where: { keyHash: hashToken(key) }, include: { organisation: true } })
  if (!found || found.revokedAt) throw new Unauthorized('Invalid API key')
  countUse(found.id, Date.now())
  if (!operation?.scope || !scopesOf(found.scopes).includes(operation.scope)) {
    throw new Forbidden(operation?.scope ? `This API key lacks the ${operation.scope} scope.` : 'API keys cannot use this endpoint.')
  }
  lastUse.set(found.id, new Date())
  return {
    userId: found.createdById,
    orgId: found.organisationId,
    role: 'api-key',
    email: '',
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    organisationName: found.organisation.name,
    apiKeyId: found.id,
  }
}
