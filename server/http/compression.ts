// Answers compressed where the caller asks (br or gzip), in one place: the kept vendor pages at the
// front door, small answers at once, and everything else as a stream.
//
// compression() compresses through a zlib stream, whose work runs on libuv's thread pool and comes
// back in a later turn of the event loop. For an answer of a kilobyte or two (an assignment, a
// status change, a small list) that hop cost more than the deflate itself: a dispatcher's 50
// assignments one after another took ~30% longer gzipped than not (decision 160). A small answer
// given whole, or JSON, is compressed at once in this thread instead: tens of microseconds for
// 16 KB or less.
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
type Write = Response['write']

/**
 * compression(), with a small answer compressed at once when it is given whole (one `res.end(body)`,
 * nothing written before) or is JSON written in pieces (Remix writes each answer as its stream gives
 * it; a JSON answer is read only when complete, so its pieces are held until the end while they are
 * 16 KB or less). What is not compressed here (streams, large answers, HEAD, an answer already
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
    let held: Buffer[] | null = null
    let heldBytes = 0
    const release = (self: Response) => {
      const pieces = held
      held = null
      if (pieces?.length) (write as (chunk: Buffer) => boolean).call(self, Buffer.concat(pieces))
    }
    res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
      const piece = typeof encoding === 'function' || callback ? null : asBuffer(chunk, encoding)
      if (piece && (held || (!res.headersSent && holdsJson(req, res))) && heldBytes + piece.length <= AT_ONCE_MAX_BYTES) {
        ;(held ??= []).push(piece)
        heldBytes += piece.length
        return true
      }
      release(this)
      return (write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback)
    } as Write
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      const last = typeof chunk === 'function' ? null : asBuffer(chunk, encoding)
      // Once anything is written (compression() sends the headers with it), the answer is a stream.
      const whole = res.headersSent ? null : held ? Buffer.concat(last ? [...held, last] : held) : last
      held = null
      const as = whole && compressibleAtOnce(req, res, whole) ? encodingFor(req.headers['accept-encoding']) : null
      if (whole && (as === 'br' || as === 'gzip')) {
        const compressed = compressedAs(whole, as)
        res.vary('Accept-Encoding')
        res.setHeader('Content-Encoding', as)
        res.setHeader('Content-Length', compressed.length)
        // compression() then finds the answer already encoded and sends it as it is.
        return (end as (chunk: Buffer, callback?: () => void) => Response).call(this, compressed, pickCallback(chunk, encoding, callback))
      }
      // Held pieces go out whole, as they came (compression() decides as before).
      if (whole && whole !== last) return (end as (chunk: Buffer, callback?: () => void) => Response).call(this, whole, pickCallback(chunk, encoding, callback))
      return (end as (...args: unknown[]) => Response).call(this, chunk, encoding, callback)
    } as End
    next()
  }
}

/**
 * A JSON answer not yet begun, which is held while small (an event stream is never JSON). Not one
 * given before its request was read to the end (a refusal of an upload still coming in): its
 * headers go out at once, as before, so the caller hears it before the connection closes under it.
 */
function holdsJson(req: Request, res: Response) {
  return req.method !== 'HEAD' && (req.complete || bodiless(req)) && /^application\/(?:[\w.+-]+\+)?json\b/i.test(String(res.getHeader('Content-Type') ?? ''))
}

function bodiless(req: Request) {
  return !req.headers['transfer-encoding'] && !Number(req.headers['content-length'] ?? 0)
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (Buffer.isBuffer(chunk)) return chunk
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
  return null
}

function pickCallback(...given: unknown[]) {
  return given.find((g): g is () => void => typeof g === 'function')
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
