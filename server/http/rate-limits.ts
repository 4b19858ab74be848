// Tight limits where abuse is cheap: sign-in, and writes that need no account.
import type { NextFunction, Request, Response } from 'express'
import { refuse } from './refusal'
import { ipKeyGenerator, rateLimit } from 'express-rate-limit'

export type RateLimitSettings = {
  signInPerMinute: number
  anonymousWritesPerMinute: number
  /** Vendor requests sent, per address: a building of vendors behind one router shares it. */
  vendorSubmissionsPerMinute: number
  /** Writes by one signed-in manager: generous, a dispatcher assigns a morning's orders in a minute. */
  managerWritesPerMinute: number
}

/** Who is signed in on this request (a manager's user id), or nothing; injected so lib stays below services. */
export type IdentifyManager = (request: globalThis.Request) => Promise<string | null | undefined>

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signInPerMinute: 30,
  anonymousWritesPerMinute: 120,
  vendorSubmissionsPerMinute: 60,
  managerWritesPerMinute: 1_000,
}

const ANONYMOUS_WRITE_PATHS = /^\/(api\/)?(vendor|runner|delivery|track|api\/delivery|api\/dispatch\/assign)\b/
// Adding to or changing a vendor's cart only rewrites the vendor's own cookie; without JavaScript
// every press is a post, so counting them would lock out a vendor filling a cart.
const VENDOR_CART_PATH = /^\/vendor\/[^/]+\/request\/?$/
const VENDOR_SUBMISSION_PATHS = /^\/(api\/vendor\/requests|vendor\/[^/]+\/request\/submit)\/?$/

function refuseTooMany(req: Request, res: Response) {
  refuse(req, res, 429, 'Too many requests. Please wait a minute and try again.')
}

/**
 * The client a limit counts against. Fly's proxy sets Fly-Client-IP (overwriting whatever the client
 * sent), so it is the truth on Fly; anywhere else anyone can send that header, and only the socket's
 * address is the client.
 */
export function clientKey(req: Request) {
  const onFly = Boolean(process.env.FLY_APP_NAME)
  const address = (onFly ? req.get('fly-client-ip') : undefined) || req.socket.remoteAddress || 'unknown'
  return ipKeyGenerator(address)
}

function isRead(req: Request) {
  return req.method === 'GET' || req.method === 'HEAD'
}

export function signInLimit(settings: RateLimitSettings) {
  return rateLimit({
    windowMs: 60_000,
    limit: settings.signInPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: refuseTooMany,
  })
}

export function vendorSubmissionLimit(settings: RateLimitSettings) {
  return rateLimit({
    windowMs: 60_000,
    limit: settings.vendorSubmissionsPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: refuseTooMany,
    skip: (req) => isRead(req) || !VENDOR_SUBMISSION_PATHS.test(req.path),
  })
}

/** A runner's photo upload carries a token instead of a session: it counts as an anonymous write. */
function isTokenUpload(req: Request) {
  return req.path === '/api/upload' && Boolean(req.get('x-runner-token') || req.query.token)
}

/** A call that proves itself with a runner's or a link's token rather than a session. */
function carriesToken(req: Request) {
  return Boolean(req.get('x-runner-token') || req.query.token) || /^\/(runner|delivery|track)\//.test(req.path)
}

const MANAGER = Symbol('signed-in manager')
type Identified = Request & { [MANAGER]?: string | null }

/** The signed-in manager behind a write, looked up once per request; token calls never count as one. */
async function managerOf(req: Request, identify: IdentifyManager | undefined) {
  const seen = req as Identified
  if (seen[MANAGER] !== undefined) return seen[MANAGER]
  let userId: string | null = null
  if (identify && req.get('cookie') && !carriesToken(req)) {
    try {
      userId = (await identify(new globalThis.Request(`http://local${req.originalUrl}`, { headers: { cookie: req.get('cookie')! } }))) ?? null
    } catch {
      userId = null
    }
  }
  seen[MANAGER] = userId
  return userId
}

const countsAsWrite = (req: Request) =>
  !isRead(req) && !VENDOR_CART_PATH.test(req.path) && (ANONYMOUS_WRITE_PATHS.test(req.path) || isTokenUpload(req))

/**
 * The general limit on writes without an account, with the vendor submission limit inside it.
 * A signed-in manager's writes count against their own, generous, per-user limit instead.
 */
export function anonymousWriteLimit(settings: RateLimitSettings, identify?: IdentifyManager) {
  const writes = rateLimit({
    windowMs: 60_000,
    limit: settings.anonymousWritesPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: refuseTooMany,
    skip: async (req) => !countsAsWrite(req) || Boolean(await managerOf(req, identify)),
  })
  const managerWrites = rateLimit({
    windowMs: 60_000,
    limit: settings.managerWritesPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: async (req) => `manager:${await managerOf(req, identify)}`,
    handler: refuseTooMany,
    skip: async (req) => !countsAsWrite(req) || !(await managerOf(req, identify)),
  })
  const submissions = vendorSubmissionLimit(settings)
  return (req: Request, res: Response, next: NextFunction) => {
    void submissions(req, res, (err?: unknown) =>
      err ? next(err) : void writes(req, res, (err2?: unknown) => (err2 ? next(err2) : void managerWrites(req, res, next))),
    )
  }
}
