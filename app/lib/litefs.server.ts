// Which machine may write. LiteFS keeps one primary (the Consul lease holder); on every other machine
// it writes the primary's name into LITEFS_DIR/.primary, and on the primary that file is absent.
// Without LITEFS_DIR this process is the only machine, so it is the primary (local development).
// The answer is cached briefly: the hot path asks on every request, the lease moves rarely.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type Role =
  /** This machine takes writes. */
  | { kind: 'primary'; instance: string }
  /** Another machine takes writes; `primary` is its name for `fly-replay: instance=…`. */
  | { kind: 'replica'; instance: string; primary: string }
  /** No primary is known right now (the lease is moving): reads work, writes must wait. */
  | { kind: 'no-primary'; instance: string }

const ROLE_TTL_MS = 250

let cached: { role: Role; at: number; dir: string | undefined } | undefined

/** This machine's name as LiteFS and Fly know it (the Fly machine id is the hostname). */
export function thisInstance() {
  return process.env.LITEFS_INSTANCE || process.env.FLY_MACHINE_ID || os.hostname()
}

/** Whether this machine may ever hold the lease (litefs.yml: candidate only in the primary region). */
function isCandidate() {
  const stated = process.env.LITEFS_CANDIDATE
  if (stated) return stated === 'true'
  const { FLY_REGION, PRIMARY_REGION } = process.env
  return FLY_REGION && PRIMARY_REGION ? FLY_REGION === PRIMARY_REGION : true
}

function readRole(dir: string | undefined): Role {
  const instance = thisInstance()
  if (!dir) return { kind: 'primary', instance }
  let primary = ''
  try {
    primary = fs.readFileSync(path.join(dir, '.primary'), 'utf8').trim()
  } catch {
    // Absent: we hold the lease, or (on a machine that never can) nobody does right now.
  }
  if (!primary) return isCandidate() ? { kind: 'primary', instance } : { kind: 'no-primary', instance }
  if (primary === instance) return { kind: 'primary', instance }
  return { kind: 'replica', instance, primary }
}

export function currentRole(now = Date.now()): Role {
  const dir = process.env.LITEFS_DIR || undefined
  if (!cached || cached.dir !== dir || now - cached.at > ROLE_TTL_MS) cached = { role: readRole(dir), at: now, dir }
  return cached.role
}

export function isPrimary() {
  return currentRole().kind === 'primary'
}

/** Forget the cached role (tests that move the lease, and the job runner's promotion check). */
export function forgetRole() {
  cached = undefined
}

// ---- read-your-own-writes --------------------------------------------------------------------
// LiteFS keeps each database's replication position in `<db>-pos` next to it: "<TXID hex>/<checksum>".
// A response to a write on the primary carries the position in the `__txid` cookie (the LiteFS proxy's
// own cookie name and format, so either of us may set it); a replica serves that browser only once it
// has caught up, so a manager never sees the page from before their own change.

export const TXID_COOKIE = '__txid'

function databaseName() {
  const url = process.env.DATABASE_URL ?? ''
  return path.basename(url.replace(/^file:/, '').split('?')[0]!) || 'data.db'
}

/** This machine's replication position, or null when there is no LiteFS position file. */
export function replicationPosition(): bigint | null {
  const dir = process.env.LITEFS_DIR
  if (!dir) return null
  try {
    const text = fs.readFileSync(path.join(dir, `${databaseName()}-pos`), 'utf8').trim()
    const txid = text.split('/')[0]!
    return /^[0-9a-f]{1,16}$/i.test(txid) ? BigInt(`0x${txid}`) : null
  } catch {
    return null
  }
}

export function formatTxid(txid: bigint) {
  return txid.toString(16).padStart(16, '0')
}

export function parseTxid(value: string | undefined | null): bigint | null {
  return value && /^[0-9a-f]{1,16}$/i.test(value) ? BigInt(`0x${value}`) : null
}

/** Waits (polling the position file) until this machine has applied `txid`; false after `timeoutMs`. */
export async function waitForPosition(txid: bigint, timeoutMs = 1000, intervalMs = 20) {
  const stop = Date.now() + timeoutMs
  for (;;) {
    const at = replicationPosition()
    if (at === null || at >= txid) return true
    if (Date.now() >= stop) return false
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/**
 * For the few GET loaders that must write: throws the answer that sends the request to the primary
 * (`fly-replay`), or 503 while no primary is known. Call it before touching the database.
 */
export function requirePrimary(request: Request) {
  const role = currentRole()
  if (role.kind === 'primary') return
  const replayed = request.headers.has('fly-replay-src')
  if (role.kind === 'replica' && !replayed) {
    throw new Response(null, { status: 409, headers: { 'fly-replay': `instance=${role.primary}`, 'Cache-Control': 'no-store' } })
  }
  throw new Response('Changes cannot be saved for a moment. Please try again in a few seconds.', {
    status: 503,
    headers: { 'Retry-After': '5', 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
