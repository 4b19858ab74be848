// Writes reach the primary whatever sits in front of us. Behind the LiteFS proxy most writes never
// get here on a replica, but without it (tests, a misrouted request, a GET that must write) this is
// what stops a replica from touching its read-only database: it answers `fly-replay` so Fly's edge
// sends the request to the primary, or 503 with Retry-After while no primary is known.
import type { NextFunction, Request, Response } from 'express'
import { TXID_COOKIE, currentRole, formatTxid, parseTxid, replicationPosition, waitForPosition, type Role } from '~/lib/litefs.server'

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** GETs that write, so they must run on the primary: the sign-in callback creates the user and the session. */
export const WRITING_GETS: RegExp[] = [/^\/auth\/oidc\/callback\/?$/]

/** How long a replica waits to catch up with a browser's own last write before sending it to the primary. */
const CATCH_UP_MS = 1000

export const PRIMARY_AWAY_MESSAGE =
  'Stockrun is switching to another server for a moment, so changes cannot be saved right now. Nothing was changed; please try again in a few seconds.'

export function mustRunOnPrimary(method: string, path: string) {
  return !READ_METHODS.has(method.toUpperCase()) || WRITING_GETS.some((re) => re.test(path))
}

function wantsJson(req: Request) {
  return req.path.startsWith('/api/') || req.path.startsWith('/internal/') || req.query._data !== undefined || Boolean(req.accepts(['html', 'json']) === 'json')
}

function primaryAway(req: Request, res: Response) {
  res.status(503).set('Retry-After', '5').set('Cache-Control', 'no-store')
  if (wantsJson(req)) res.json({ error: PRIMARY_AWAY_MESSAGE, fieldErrors: {} })
  else res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Try again in a moment</title></head><body><main><h1>Try again in a moment</h1><p>${PRIMARY_AWAY_MESSAGE}</p></main></body></html>`)
}

/** Sends this request to the primary (Fly's edge replays it there), or 503 when that is impossible. */
export function replayOrRefuse(req: Request, res: Response, role: Role) {
  // A request Fly already replayed once must not bounce again: the lease moved under it.
  if (role.kind !== 'replica' || req.get('fly-replay-src')) return primaryAway(req, res)
  res.status(409).set('fly-replay', `instance=${role.primary}`).set('Cache-Control', 'no-store')
  res.json({ error: 'This request is being sent to the primary server.', fieldErrors: {} })
}

function cookie(req: Request, name: string) {
  const match = (req.get('cookie') ?? '').match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))
  return match?.[1]
}

/** Remembers, on the answer to a write, how far the database got, so replicas can wait for it. */
function stampPosition(res: Response) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    const at = replicationPosition()
    if (at !== null && !res.headersSent) res.append('Set-Cookie', `${TXID_COOKIE}=${formatTxid(at)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300`)
    return writeHead.apply(this, args)
  } as Response['writeHead']
}

export function routeWritesToPrimary() {
  return async (req: Request, res: Response, next: NextFunction) => {
    const role = currentRole()
    const write = mustRunOnPrimary(req.method, req.path)
    if (role.kind === 'primary') {
      if (write) stampPosition(res)
      return next()
    }
    if (write) return replayOrRefuse(req, res, role)
    const seen = parseTxid(cookie(req, TXID_COOKIE))
    if (seen !== null && !(await waitForPosition(seen, CATCH_UP_MS)) && role.kind === 'replica') {
      return replayOrRefuse(req, res, role)
    }
    next()
  }
}
