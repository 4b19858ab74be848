// Answers compressed where the caller asks (br or gzip), in one place: the kept vendor pages at the
// front door, answers given whole, and everything streamed.
//
// compression() compresses through a zlib stream, whose work runs on libuv's thread pool and comes
// back in a later turn of the event loop. For an answer of a kilobyte or two (an assignment, a
// vendor's submission) that hop cost more than the deflate itself: a dispatcher's 50 assignments one
// after another took ~30% longer gzipped than not (decision 160). An answer handed over whole, and
// small, is compressed at once in this thread instead: tens of microseconds for 16 KB or less.
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import compression from 'compression'

export type Encoding = 'br' | 'gzip' | 'identity'

// compression()'s own threshold: smaller answers go as they are.
const THRESHOLD_BYTES = 1024
// Up to this size an answer given whole is compressed in this thread (~0.1–0.2 ms at 16 KB);
// larger ones, and streams, go through compression() and the thread pool.
const AT_ONCE_MAX_BYTES = 16 * 1024

// Phones send a handful of distinct Accept-Encoding headers: each is read once.
const chosen = new Map<string, Encoding | null>()

/** br or gzip, whichever the caller weighs higher (br on a tie, as compression() does); null if it accepts none we have. */
export function encodingFor(header: string | undefined): Encoding | null {
  if (!header) return 'identity'
  const known = chosen.get(header)
  if (known !== undefined) return known
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    if (token) weights.set(token.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? (name === 'identity' ? 1 : 0)
  const best = (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a))[0]
  const answer = best ?? (weight('identity') > 0 ? 'identity' : null)
  if (chosen.size >= 100) chosen.clear()
  chosen.set(header, answer)
  return answer
}

/** The bytes compressed at compression()'s own settings (br at quality 4, gzip at zlib's default level). */
export function compressedAs(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body)
}

type End = Response['end']

/**
 * compression(), with a small answer given whole (one `res.end(body)`, nothing written before)
 * compressed at once. What is not compressed here (streams, large answers, HEAD, an answer already
 * encoded or marked no-transform, a type not worth compressing, deflate-only callers) is left to
 * compression() as before.
 */
export function compressAnswers() {
  const streamed = compression()
  return (req: Request, res: Response, next: NextFunction) => {
    // compression() wraps res.write and res.end and calls its `next` at once.
    streamed(req, res, () => {})
    const write = res.write
    const end = res.end
    let written = false
    res.write = function (this: Response, ...args: Parameters<Response['write']>) {
      written = true
      return write.apply(this, args)
    } as Response['write']
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      const body = written || res.headersSent || typeof chunk === 'function' ? null : asBuffer(chunk, encoding)
      const as = body && compressibleAtOnce(req, res, body) ? encodingFor(req.headers['accept-encoding']) : null
      if (body && (as === 'br' || as === 'gzip')) {
        const compressed = compressedAs(body, as)
        res.vary('Accept-Encoding')
        res.setHeader('Content-Encoding', as)
        res.setHeader('Content-Length', compressed.length)
        // compression() then finds the answer already encoded and sends it as it is.
        return (end as (chunk: Buffer, callback?: () => void) => Response).call(this, compressed, pickCallback(encoding, callback))
      }
      return (end as (...args: unknown[]) => Response).call(this, chunk, encoding, callback)
    } as End
    next()
  }
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (Buffer.isBuffer(chunk)) return chunk
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
  return null
}

function pickCallback(encoding: unknown, callback: unknown) {
  const given = typeof encoding === 'function' ? encoding : callback
  return typeof given === 'function' ? (given as () => void) : undefined
}

function compressibleAtOnce(req: Request, res: Response, body: Buffer) {
  if (body.length < THRESHOLD_BYTES || body.length > AT_ONCE_MAX_BYTES) return false
  if (req.method === 'HEAD') return false
  const encoded = res.getHeader('Content-Encoding')
  if (encoded && encoded !== 'identity') return false
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false
  // compression()'s own test of the type: text, JSON, JavaScript and the like.
  return compression.filter(req, res)
}
