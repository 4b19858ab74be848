// GET /offline-worker.js: the runners' pages' service worker (decision 047), from our own origin. It
// lives at the root so it may be registered for /runner/ and /delivery/ alike; no-cache makes every
// visit check for a newer one (the browser would otherwise keep it up to a day).
import { OFFLINE_WORKER } from '~/lib/enhancer-scripts.server'

import type { RouteContract } from '~/areas/organisation/route-contract'

export const contract: RouteContract = { kind: 'resource', callers: ['anonymous'], methods: ['GET', 'HEAD'] }

export function loader() {
  return new Response(OFFLINE_WORKER, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
