// Tight limits where abuse is cheap: sign-in, and writes that need no account.
import type { NextFunction, Request, Response } from 'express'
import { ipKeyGenerator, rateLimit } from 'express-rate-limit'

export type RateLimitSettings = {
  signInPerMinute: number
  anonymousWritesPerMinute: number
  /** Vendor requests sent, per address: a building of vendors behind one router shares it. */
  vendorSubmissionsPerMinute: number
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signInPerMinute: 30,
  anonymousWritesPerMinute: 120,
  vendorSubmissionsPerMinute: 60,
}

const ANONYMOUS_WRITE_PATHS = /^\/(api\/)?(vendor|runner|delivery|track|api\/delivery|api\/dispatch\/assign)\b/
// Adding to or changing a vendor's cart only rewrites the vendor's own cookie; without JavaScript
// every press is a post, so counting them would lock out a vendor filling a cart.
const VENDOR_CART_PATH = /^\/vendor\/[^/]+\/request\/?$/
const VENDOR_SUBMISSION_PATHS = /^\/(api\/vendor\/requests|vendor\/[^/]+\/request\/submit)\/?$/

function refuse(req: Request, res: Response) {
  res.status(429)
  const message = 'Too many requests. Please wait a minute and try again.'
  if (req.path.startsWith('/api/')) res.json({ error: message })
  else res.type('text/plain').send(message)
}

export function clientKey(req: Request) {
  // Fly puts the real client address in this header; elsewhere the socket's address is the client.
  return ipKeyGenerator(req.get('fly-client-ip') ?? req.ip ?? 'unknown')
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
    handler: refuse,
  })
}

export function vendorSubmissionLimit(settings: RateLimitSettings) {
  return rateLimit({
    windowMs: 60_000,
    limit: settings.vendorSubmissionsPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: refuse,
    skip: (req) => isRead(req) || !VENDOR_SUBMISSION_PATHS.test(req.path),
  })
}

/** A runner's photo upload carries a token instead of a session: it counts as an anonymous write. */
function isTokenUpload(req: Request) {
  return req.path === '/api/upload' && Boolean(req.get('x-runner-token') || req.query.token)
}

/** The general limit on writes without an account, with the vendor submission limit inside it. */
export function anonymousWriteLimit(settings: RateLimitSettings) {
  const writes = rateLimit({
    windowMs: 60_000,
    limit: settings.anonymousWritesPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: refuse,
    skip: (req) => isRead(req) || VENDOR_CART_PATH.test(req.path) || !(ANONYMOUS_WRITE_PATHS.test(req.path) || isTokenUpload(req)),
  })
  const submissions = vendorSubmissionLimit(settings)
  return (req: Request, res: Response, next: NextFunction) => {
    void submissions(req, res, (err?: unknown) => (err ? next(err) : void writes(req, res, next)))
  }
}
