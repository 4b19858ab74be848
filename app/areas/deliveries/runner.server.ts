// Delivery runners. Runners have no account: a random token, stored only as its hash, identifies them.
// The token is shown once, when the runner is added or the token is rotated; rotating it is how a
// manager takes a lost phone's access away.
import { db } from '~/lib/db.server'
import { NotFound, Unauthorized } from '~/lib/errors'
import type { RunnerInput } from '~/areas/deliveries/dispatch.schema'
import { hashToken, newToken } from '~/lib/tokens.server'
import { setActor } from '~/lib/actor-context.server'
import { recordAudit } from '~/areas/organisation/audit-log.server'

export const INVALID_TOKEN = 'Invalid authentication token'

export type RunnerView = {
  id: string
  name: string
  phone: string
  email: string | null
  isActive: boolean
  createdAt: Date
}
const VIEW = {
  id: true,
  name: true,
  phone: true,
  email: true,
  isActive: true,
  createdAt: true,
} as const

/** The runner a token belongs to, or null; the digest is the lookup key, so the token itself is never compared. */
export async function findRunnerByToken(token: string) {
  if (!token) return null
  return db.runner.findFirst({ where: { tokenHash: hashToken(token) } })
}

/** The runner of the portal URL, when the token is theirs and they are still active; 401 otherwise. */
export async function authenticateRunner(runnerId: string, token: string | null | undefined) {
  const runner = token ? await findRunnerByToken(token) : null
  if (!runner || runner.id !== runnerId || !runner.isActive) throw new Unauthorized(INVALID_TOKEN)
  setActor({ type: 'runner', id: runner.id, name: runner.name, orgId: runner.organisationId })
  return runner
}

/** Adds a runner; the answer is the only place the token ever appears. */
export async function createRunner(orgId: string, input: RunnerInput) {
  const authToken = newToken()
  const runner = await db.runner.create({
    data: {
      organisationId: orgId,
      name: input.name,
      phone: input.phone,
      email: input.email,
      tokenHash: hashToken(authToken),
    },
    select: VIEW,
  })
  return {
    id: runner.id,
    name: runner.name,
    phone: runner.phone,
    email: runner.email,
    authToken,
  }
}

export function listActiveRunners(orgId: string): Promise<RunnerView[]> {
  return db.runner.findMany({
    where: { organisationId: orgId, isActive: true },
    orderBy: { name: 'asc' },
    select: VIEW,
  })
}

export async function findRunner(orgId: string, runnerId: string) {
  const runner = await db.runner.findFirst({
    where: { id: runnerId, organisationId: orgId },
  })
  if (!runner) throw new NotFound('Runner not found')
  return runner
}

/** A new token for the runner; the old one, and every portal link made with it, stops working at once. */
export async function rotateRunnerToken(orgId: string, runnerId: string) {
  const runner = await findRunner(orgId, runnerId)
  const authToken = newToken()
  await db.runner.update({
    where: { id: runner.id },
    data: { tokenHash: hashToken(authToken) },
  })
  await recordAudit({ orgId, action: 'runner.token_rotated', target: { type: 'runner', id: runner.id }, details: { name: runner.name } })
  return { id: runner.id, name: runner.name, phone: runner.phone, authToken }
}

/** The portal path a token opens (the origin is added by the caller, from publicOrigin). */
export function runnerPortalPath(runnerId: string, token: string) {
  return `/runner/${runnerId}/${encodeURIComponent(token)}`
}
