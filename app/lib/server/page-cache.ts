// The vendor pages, reused as rendered. A whole building of vendors scans one code in the same
// minute and every one of them gets the same bytes: rendering React for each costs ~50× what
// sending the bytes does. A rendered page is kept cut where its CSP nonce was,
// and replayed with the request's own nonce; it is dropped as soon as ANY write commits to the
// database (dataVersion, which also sees writes replicated from another machine).
//
// Only pages that are the same for everyone are kept: a GET of the language picker or the
// request page with at most `lang` in the query, from a phone whose only cookies are the language
// and the visit marker (no cart, no toast, no session), answered 200 without setting a cookie.
import type { NextFunction, Request, Response } from 'express'
import { dataVersion } from '../db-version.server'

const PAGES = /^\/vendor\/[^/]+(\/request)?\/?$/
const HARMLESS_COOKIES = new Set(['vendor_lang', 'vendor_visit'])
const MAX_PAGES = 500
const REPLAYED_HEADERS = ['content-type', 'cache-control', 'vary', 'content-language']

/** The page as bytes, cut where its nonce goes. */
type Kept = { headers: Array<[string, string]>; parts: Buffer[]; bytes: number }

function cookieNames(header: string | undefined) {
  if (!header) return []
  return header.split(';').map((pair) => pair.split('=')[0]!.trim()).filter(Boolean)
}

function cacheable(req: Request) {
  if (req.method !== 'GET' || !PAGES.test(req.path)) return false
  if (Object.keys(req.query).some((k) => k !== 'lang')) return false
  return cookieNames(req.get('cookie')).every((name) => HARMLESS_COOKIES.has(name))
}

export function vendorPageCache() {
  let version = Number.NaN
  const pages = new Map<string, Kept>()

  return (req: Request, res: Response, next: NextFunction) => {
    if (!cacheable(req)) return next()
    const now = dataVersion()
    if (now !== version) {
      pages.clear()
      version = now
    }
    const nonce = res.locals.cspNonce as string
    const key = `${req.originalUrl}\n${req.get('cookie') ?? ''}`
    const kept = pages.get(key)
    if (kept) {
      for (const [name, value] of kept.headers) res.setHeader(name, value)
      res.setHeader('x-page-cache', 'hit')
      // The kept parts go out as they are, with the nonce between them, in one corked write: no
      // copy of the whole page for each vendor (at a building's rate that copy was most of the
      // garbage collector's work). res.end, not res.send: no ETag hashed over the page either.
      const fresh = Buffer.from(nonce)
      res.setHeader('Content-Length', kept.bytes + fresh.length * (kept.parts.length - 1))
      res.statusCode = 200
      // Corked until end(), which sends what was written in one go.
      res.cork()
      kept.parts.forEach((part, i) => {
        if (i > 0) res.write(fresh)
        res.write(part)
      })
      res.end()
      return
    }

    // A miss: let Remix render, and keep a copy of what it sends if it is the same for everyone.
    const chunks: Buffer[] = []
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function') return
      if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
      else chunks.push(Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      // Only if nothing was written meanwhile: a write during the render may not be in the page.
      if (res.statusCode === 200 && !res.getHeader('set-cookie') && dataVersion() === version && nonce) {
        const headers = REPLAYED_HEADERS.flatMap((name) => {
          const value = res.getHeader(name)
          return value === undefined ? [] : [[name, String(value)] as [string, string]]
        })
        if (pages.size >= MAX_PAGES) pages.clear()
        const parts = Buffer.concat(chunks).toString('utf8').split(nonce).map((part) => Buffer.from(part))
        pages.set(key, { headers, parts, bytes: parts.reduce((sum, part) => sum + part.length, 0) })
      }
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }
}
