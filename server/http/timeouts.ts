// Slow clients (slowloris) must not hold connections open forever: a client gets this long to send
// its headers, and this long for the whole request including the body. Node checks these on an
// interval, so the interval is shortened too (it must be set before the server starts listening,
// i.e. in the same tick as listen()).
import type { Server } from 'node:http'

export const SERVER_TIMEOUTS = {
  /** Time to send the request line and headers. */
  headersMs: 15_000,
  /** Time to send the whole request, body included (a 10 MB photo over a slow phone link fits). */
  requestMs: 120_000,
  /** How often Node looks for connections past those limits. */
  checkEveryMs: 1_000,
}

export function applyServerTimeouts(server: Server, timeouts: Partial<typeof SERVER_TIMEOUTS> = {}) {
  const t = { ...SERVER_TIMEOUTS, ...timeouts }
  server.headersTimeout = t.headersMs
  server.requestTimeout = t.requestMs
  // Node reads this when 'listening' fires; after listen() returns, that has not happened yet.
  ;(server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = t.checkEveryMs
  return server
}
