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

// How much of a refused body is read and thrown away before the connection closes. A client that is
// still sending when the server closes hears a reset, not the 413 (Node's fetch reports a broken
// pipe, Chromium a failed connection): so the rest of the body is drained, up to this much and this
// long, and only a body past both bounds is cut off unread.
export const DISCARD_AT_MOST_BYTES = 64 * MB
const DISCARD_AT_MOST_MS = 30_000

/** Reads the rest of a refused body into nothing; resolves when it ends, or when a bound is reached. */
function discardBody(req: Request): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    let read = 0
    const done = () => {
      clearTimeout(timer)
      req.off('data', count)
      req.off('end', done)
      req.off('error', done)
      req.off('close', done)
      resolve()
    }
    const count = (chunk: Buffer) => {
      read += chunk.length
      if (read > DISCARD_AT_MOST_BYTES) done()
    }
    const timer = setTimeout(done, DISCARD_AT_MOST_MS)
    req.on('data', count)
    req.once('end', done)
    req.once('error', done)
    req.once('close', done)
    req.resume()
  })
}

/**
 * The 413 for a body over its cap. What was sent is read and discarded first (within bounds), so
 * every client is still listening when the answer comes; the connection then closes.
 */
export function refuseTooLarge(req: Request, res: Response, maxBytes: number) {
  const declared = Number(req.get('content-length'))
  const answer = () => {
    if (res.headersSent) return
    res.set('Connection', 'close')
    refuse(req, res, 413, `The request is too large: at most ${sizeWords(maxBytes)} may be sent here.`)
  }
  // Past the bound the client is told at once; it may or may not hear it before the close.
  if (declared > DISCARD_AT_MOST_BYTES) return answer()
  void discardBody(req).then(answer)
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

/** The scan and upload limits in one middleware, for express-app to mount before Remix (the body caps are mounted on their own). */
export function abuseLimits(settings: Partial<AbuseLimitSettings> = {}) {
  const s = { ...DEFAULT_ABUSE_LIMITS, ...settings }
  const chain = [scanLimit(s), uploadLimit(s)]
  return (req: Request, res: Response, next: NextFunction) => {
    const run = (i: number): void => {
      if (i === chain.length) return next()
      void chain[i]!(req, res, (err?: unknown) => (err ? next(err) : run(i + 1)))
    }
    run(0)
  }
}
