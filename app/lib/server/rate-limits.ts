// Tight limits where abuse is cheap: sign-in, and writes that need no account.
import type { Request, Response } from 'express'
import { ipKeyGenerator, rateLimit } from 'express-rate-limit'

export type RateLimitSettings = { signInPerMinute: number; anonymousWritesPerMinute: number }

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { signInPerMinute: 30, anonymousWritesPerMinute: 120 }

const ANONYMOUS_WRITE_PATHS = /^\/(api\/)?(vendor|runner|delivery|track|api\/delivery|api\/dispatch\/assign)\b/

function refuse(req: Request, res: Response) {
  res.status(429)
  const message = 'Too many requests. Please wait a minute and try again.'
  if (req.path.startsWith('/api/')) res.json({ error: message })
  else res.type('text/plain').send(message)
}

function clientKey(req: Request) {
  // Fly puts the real client address in this header; elsewhere the socket's address is the client.
  return ipKeyGenerator(req.get('fly-client-ip') ?? req.ip ?? 'unknown')
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

export function anonymousWriteLimit(settings: RateLimitSettings) {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: settings.anonymousWritesPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: refuse,
    skip: (req) => req.method === 'GET' || req.method === 'HEAD' || !ANONYMOUS_WRITE_PATHS.test(req.path),
  })
  return limiter
}
