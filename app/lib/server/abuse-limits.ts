// Limits on what is cheap to send and costly to answer: QR scans (each one notifies a whole
// organisation), photo uploads (each one is decoded and re-encoded), and request bodies (a JSON or
// form body is read whole into memory). Keyed like the other limits, by `clientKey`.
import type { NextFunction, Request, Response } from 'express'
import { refuse } from './refusal'
import { rateLimit } from 'express-rate-limit'
import { clientKey } from './rate-limits'

export type AbuseLimitSettings = {
  /** Scans reported per client and property: a vendor page reports one per visit. */
  scansPerMinute: number
  /** Photo uploads per client, through /api/upload or a form that carries a photo. */
  uploadsPerMinute: number
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimitSettings = { scansPerMinute: 10, uploadsPerMinute: 30 }

const MB = 1024 * 1024

/**
 * The largest body each kind of request may send, first match wins. Photos may be 15 MB plus the
 * form around them; everything else is JSON or a plain form, for which 1 MB is far more than enough.
 */
export const BODY_LIMITS: Array<{ test: (req: Request) => boolean; maxBytes: number }> = [
  { test: (req) => req.path === '/api/upload' || isMultipart(req), maxBytes: 15 * MB + 256 * 1024 },
  { test: (req) => /^\/api\/(products|properties)\/import\/?$/.test(req.path), maxBytes: 5 * MB },
  { test: () => true, maxBytes: 1 * MB },
]

const SCAN_PATH = /^\/api\/vendor\/qr\/([^/]+)\/scan\/?$/
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function isMultipart(req: Request) {
  return (req.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
}

function isUpload(req: Request) {
  return req.method === 'POST' && (req.path === '/api/upload' || isMultipart(req))
}


function tooMany(req: Request, res: Response) {
  refuse(req, res, 429, 'Too many requests. Please wait a minute and try again.')
}

function sizeWords(bytes: number) {
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / 1024)} KB`
}

/** The largest body this request may send (BODY_LIMITS, first match). */
export function maxBodyBytes(req: Request, limits = BODY_LIMITS) {
  return limits.find((l) => l.test(req))!.maxBytes
}

/** The 413 for a body over its cap: the client is told at once and the connection closes rather than reading on. */
export function refuseTooLarge(req: Request, res: Response, maxBytes: number) {
  res.set('Connection', 'close')
  refuse(req, res, 413, `The request is too large: at most ${sizeWords(maxBytes)} may be sent here.`)
}

/**
 * Refuses a body over its route's cap with 413 before reading it. A body of unknown length (chunked)
 * is refused with 411 unless it is a file upload, whose reader cuts it off while streaming.
 */
export function bodySizeCaps(limits = BODY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!BODY_METHODS.has(req.method)) return next()
    // A page's photo form reads its body through the streaming multipart reader, which refuses an
    // oversized photo with a message inside the form; a bare 413 page would lose what was typed.
    if (isMultipart(req) && !req.path.startsWith('/api/')) return next()
    const maxBytes = maxBodyBytes(req, limits)
    const declared = req.get('content-length')
    if (declared === undefined) {
      if (req.get('transfer-encoding') && !isUpload(req)) {
        return refuse(req, res, 411, 'Please send the request with its Content-Length.')
      }
      return next()
    }
    if (Number(declared) > maxBytes) return refuseTooLarge(req, res, maxBytes)
    next()
  }
}

export function scanLimit(settings: AbuseLimitSettings) {
  return rateLimit({
    windowMs: 60_000,
    limit: settings.scansPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Per property too: one busy lobby does not stop scans at the building next door.
    keyGenerator: (req) => `${clientKey(req)}|${SCAN_PATH.exec(req.path)?.[1] ?? ''}`,
    handler: tooMany,
    skip: (req) => req.method !== 'POST' || !SCAN_PATH.test(req.path),
  })
}

export function uploadLimit(settings: AbuseLimitSettings) {
  return rateLimit({
    windowMs: 60_000,
    limit: settings.uploadsPerMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: clientKey,
    handler: tooMany,
    skip: (req) => !isUpload(req),
  })
}

/** Every abuse limit in one middleware, for express-app to mount before Remix. */
export function abuseLimits(settings: Partial<AbuseLimitSettings> = {}) {
  const s = { ...DEFAULT_ABUSE_LIMITS, ...settings }
  const chain = [bodySizeCaps(), scanLimit(s), uploadLimit(s)]
  return (req: Request, res: Response, next: NextFunction) => {
    const run = (i: number): void => {
      if (i === chain.length) return next()
      void chain[i]!(req, res, (err?: unknown) => (err ? next(err) : run(i + 1)))
    }
    run(0)
  }
}
