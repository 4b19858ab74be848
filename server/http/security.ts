// Browser safety (DESIGN.md §7): per-request CSP nonce, security headers, and refusal of
// state-changing requests that another site started.
import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { refuse } from './refusal'
import helmet from 'helmet'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// Nonces are cut from a pool of random bytes filled 256 at a time: one call into the system's
// random source per 256 pages instead of one per page. Each is still 16 unpredictable bytes, never reused.
const NONCE_BYTES = 16
const pool = { bytes: Buffer.alloc(0), at: 0 }

export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  if (pool.at >= pool.bytes.length) {
    pool.bytes = crypto.randomBytes(NONCE_BYTES * 256)
    pool.at = 0
  }
  res.locals.cspNonce = pool.bytes.toString('base64', pool.at, (pool.at += NONCE_BYTES))
  next()
}

export function securityHeaders(options: { production: boolean; formTargets: string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          // The Maps JavaScript API loads its own scripts from these hosts.
          'https://maps.googleapis.com',
          'https://maps.gstatic.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        // Product photos may live in an S3 bucket or on a supplier's site; an image cannot run code.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'https://fonts.gstatic.com'],
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com', ...(options.production ? [] : ['ws:'])],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Chromium applies form-action to the redirect after a post, so the sign-in form needs the provider.
        formAction: ["'self'", ...options.formTargets],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Set by the document entry for the pages that keep it (app/entry.server.tsx, decision 142).
    crossOriginOpenerPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production ? { maxAge: 63072000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  })
}

function originOf(value: string | undefined) {
  if (!value || value === 'null') return value
  try {
    return new URL(value).origin
  } catch {
    return 'invalid'
  }
}

/**
 * A requester's one-click stop (RFC 8058) is posted by their mail provider, from wherever it likes;
 * the token in the path is its only power, and all it can do is stop messages (decision 048).
 */
const ONE_CLICK_STOP = /^\/track\/stop\/[A-Za-z0-9_-]+$/

/** Refuses a write whose Origin is another site, or that the browser marks as cross-site. */
export function refuseCrossSiteWrites(allowedOrigins: () => string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next()
    if (req.method === 'POST' && ONE_CLICK_STOP.test(req.path)) {
      // Remix would take another site's Origin for an attack on its action; here it is the provider.
      delete req.headers.origin
      return next()
    }
    const fetchSite = req.get('sec-fetch-site')
    const origin = originOf(req.get('origin'))
    const ownOrigin = `${req.protocol}://${req.get('host')}`
    const allowed = new Set([ownOrigin, ...allowedOrigins()])
    const crossSite = fetchSite === 'cross-site' || (origin !== undefined && !allowed.has(origin))
    if (!crossSite) return next()
    refuse(req, res, 403, 'Cross-site request refused')
  }
}
