// Sending a webhook over HTTP, and refusing addresses inside our own network (SSRF): in production a
// webhook may not point at loopback, private or link-local addresses unless WEBHOOK_ALLOW_PRIVATE=true.
import crypto from 'node:crypto'
import dns from 'node:dns/promises'
import net from 'node:net'
import { env } from '~/lib/env.server'

const privateRanges = new net.BlockList()
for (const [addr, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(addr, prefix, 'ipv4')
}
for (const [addr, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(addr, prefix, 'ipv6')
}

export function isPrivateAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return privateRanges.check(mapped, 'ipv4')
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4'
  return privateRanges.check(address, family)
}

export function privateAddressesAllowed() {
  // Through env(): the Remix build replaces a literal process.env.NODE_ENV with "production".
  return env().NODE_ENV !== 'production' || process.env.WEBHOOK_ALLOW_PRIVATE === 'true'
}

/** Why this URL may not receive webhooks, or null when it may. Checked on saving and before each send. */
export async function refusedWebhookUrl(url: string, options: { allowPrivate?: boolean } = {}): Promise<string | null> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'Enter a full http(s) URL'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Enter a full http(s) URL'
  if (options.allowPrivate ?? privateAddressesAllowed()) return null
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address)
  } catch {
    return 'This host name does not resolve'
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) return 'Webhooks cannot be sent to private or loopback addresses'
  return null
}

export function signWebhook(secret: string, timestamp: number, body: string) {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

export type WebhookAttempt = { statusCode: number | null; error: string | null }

/** One POST; never follows redirects (a redirect could lead inside our network) and gives up after 10 s. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<WebhookAttempt> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Stockrun-Webhooks/1', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    // Read (and drop) the answer so the connection is free for the next delivery.
    await res.arrayBuffer().catch(() => undefined)
    return { statusCode: res.status, error: res.ok ? null : `Answered ${res.status}` }
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError'
    return { statusCode: null, error: timedOut ? 'Timed out' : `Could not connect: ${(err as Error).message}`.slice(0, 500) }
  }
}
