// Machine-to-machine messages from a replica to the LiteFS primary, over Fly's private network.
// Signed with the shared SESSION_SECRET (every machine has the same one), so nobody on the internet
// can post counts to the primary's internal endpoints.
import crypto from 'node:crypto'
import { env } from '~/lib/env.server'

export const RELAY_SIGNATURE_HEADER = 'x-stockrun-relay'

/**
 * Where the primary's app answers: its Fly private address by default (straight to the app's port,
 * past the LiteFS proxy); PRIMARY_INTERNAL_URL (with `{instance}`) overrides it, e.g. in tests.
 */
export function primaryOrigin(instance: string) {
  const template = process.env.PRIMARY_INTERNAL_URL || `http://{instance}.vm.${process.env.FLY_APP_NAME}.internal:${env().PORT}`
  return template.replaceAll('{instance}', instance).replace(/\/$/, '')
}

function sign(body: string, secret: string) {
  return crypto.createHmac('sha256', secret).update(body).digest('hex')
}

/** Whether `signature` was made with one of our session secrets (the first signs; older ones still verify). */
export function verifyRelaySignature(body: string, signature: string | null) {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false
  const given = Buffer.from(signature, 'hex')
  return env().sessionSecrets.some((secret) => crypto.timingSafeEqual(Buffer.from(sign(body, secret), 'hex'), given))
}

/** Posts `payload` to the primary; throws unless it answered 2xx, so the caller keeps it for the next try. */
export async function sendToPrimary(instance: string, path: string, payload: unknown) {
  const body = JSON.stringify(payload)
  const res = await fetch(`${primaryOrigin(instance)}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [RELAY_SIGNATURE_HEADER]: sign(body, env().sessionSecrets[0]!) },
    body,
    signal: AbortSignal.timeout(5000),
  })
  await res.body?.cancel()
  if (!res.ok) throw new Error(`The primary (${instance}) answered ${res.status} to ${path}`)
}
