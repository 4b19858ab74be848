// Every response carries an X-Request-Id (Fly's own request id when there is one), and every
// request is logged as one JSON line with it, so a user's "it failed at 14:02" can be found.
import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { log } from '~/lib/log.server'

const TRUSTED_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** Fly's (or a proxy's) id for the request when it is a sane one, else a new one. */
export function newRequestId(given: string | string[] | undefined) {
  return typeof given === 'string' && TRUSTED_ID.test(given) ? given : crypto.randomUUID()
}

export function requestId(req: Request, res: Response, next: NextFunction) {
  const id = newRequestId(req.get('fly-request-id') ?? req.get('x-request-id'))
  res.locals.requestId = id
  res.set('X-Request-Id', id)
  next()
}

// Paths that carry a secret (an invitation, a runner's portal, a delivery link, a requester's tracking
// link): the log keeps which page it was, never the token that opens it.
const TOKEN_PATHS: Array<[RegExp, string]> = [
  [/^\/invite\/[^/]+/, '/invite/:token'],
  [/^\/runner\/([^/]+)\/[^/]+/, '/runner/$1/:token'],
  [/^\/delivery\/([^/]+)\/[^/]+/, '/delivery/$1/:token'],
  [/^\/track\/(stop\/)?[^/]+/, '/track/$1:token'],
]

export function loggedPath(path: string) {
  for (const [pattern, shown] of TOKEN_PATHS) if (pattern.test(path)) return path.replace(pattern, shown)
  return path
}

/** The one request line, whoever answered (Express, or the front door for a kept vendor page). */
export function logRequest(line: { requestId: string; method: string; path: string; status: number; startedAt: bigint; replay?: string }) {
  log(line.status >= 500 ? 'error' : 'info', 'request', {
    requestId: line.requestId,
    method: line.method,
    path: loggedPath(line.path),
    status: line.status,
    ms: Number((process.hrtime.bigint() - line.startedAt) / 1000n) / 1000,
    replay: line.replay,
  })
}

export function jsonRequestLog(req: Request, res: Response, next: NextFunction) {
  const startedAt = process.hrtime.bigint()
  res.on('finish', () => {
    logRequest({ requestId: res.locals.requestId, method: req.method, path: req.path, status: res.statusCode, startedAt, replay: res.get('fly-replay') ?? undefined })
  })
  next()
}
