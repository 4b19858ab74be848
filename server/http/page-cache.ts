// The vendor pages, reused as rendered. A whole building of vendors scans one code in the same
// minute and every one of them gets the same bytes: rendering React for each costs ~50× what
// sending the bytes does. A rendered page is kept cut where its CSP nonce was, and replayed with the
// request's own nonce.
//
// Only pages that are the same for everyone are kept: a GET of the language picker or the request
// page with at most `lang` in the query, from a phone whose only cookies are the language and the
// visit marker (no cart, no toast, no session), answered 200 and setting no other cookie. A first
// visit is kept too (issue 27, item 1): the cookies it sets are the same for every phone that sends
// the same cookies (signed values, Max-Age, no Expires), so the replay sets them again, and counts
// the visit's scan exactly as the render would have.
//
// A kept page is dropped when what it shows changes, and by nothing else (item 2; decision 079):
// while the database has not changed (dataVersion, which also sees writes replicated from another
// machine) it is replayed without a question; once it has, the storefront's stamp is read (once per
// property and change) and the page stays if the stamp has not moved.
import type { NextFunction, Request, Response } from 'express'
import { dataVersion } from '~/lib/db-version.server'

const PAGES = /^\/vendor\/([^/]+)(\/request)?\/?$/
const HARMLESS_COOKIES = new Set(['vendor_lang', 'vendor_visit'])
const MAX_PAGES = 500
const REPLAYED_HEADERS = ['content-type', 'cache-control', 'vary', 'content-language']

/** The page as bytes, cut where its nonce goes, with what it shows of the storefront as of its render. */
type Kept = {
  headers: Array<[string, string]>
  cookies: string[]
  /** The render counted a scan: this was the first page of a visit. */
  countsScan: boolean
  parts: Buffer[]
  bytes: number
  stamp: number | null
  /** The dataVersion at which the page was last known to be current. */
  checkedAt: number
}

/** What the app tells the cache: a storefront's stamp, and a scan to count (models, wired by the server). */
export type VendorPageHooks = {
  storefrontStamp: (propertyId: string) => Promise<number | null>
  countScan: (propertyId: string) => void
}

function cookieNames(header: string | undefined) {
  if (!header) return []
  return header.split(';').map((pair) => pair.split('=')[0]!.trim()).filter(Boolean)
}

function cacheable(req: Request) {
  if (req.method !== 'GET' || !PAGES.test(req.path)) return false
  if (Object.keys(req.query).some((k) => k !== 'lang')) return false
  return cookieNames(req.get('cookie')).every((name) => HARMLESS_COOKIES.has(name))
}

function setCookies(res: Response) {
  const value = res.getHeader('set-cookie')
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]
}

export function vendorPageCache(hooks: VendorPageHooks) {
  const pages = new Map<string, Kept>()
  // One stamp read per property and database change, however many phones ask at that moment.
  const stamps = new Map<string, { at: number; stamp: Promise<number | null> }>()
  const stampOf = (propertyId: string, at: number) => {
    const known = stamps.get(propertyId)
    if (known?.at === at) return known.stamp
    if (stamps.size >= MAX_PAGES) stamps.clear()
    const stamp = hooks.storefrontStamp(propertyId)
    stamps.set(propertyId, { at, stamp })
    stamp.catch(() => stamps.get(propertyId)?.stamp === stamp && stamps.delete(propertyId))
    return stamp
  }

  function replay(res: Response, kept: Kept, propertyId: string) {
    const nonce = res.locals.cspNonce as string
    for (const [name, value] of kept.headers) res.setHeader(name, value)
    if (kept.cookies.length) res.setHeader('Set-Cookie', kept.cookies)
    if (kept.countsScan) hooks.countScan(propertyId)
    res.setHeader('x-page-cache', 'hit')
    // The kept parts go out as they are, with the nonce between them: no copy of the whole page
    // for each vendor (at a building's rate that copy was most of the garbage collector's work).
    // res.end, not res.send: no ETag hashed over the page either. Not corked: compression waits
    // for 'drain' once its gzip output passes the socket's buffer, and a corked response never
    // drains before end(), so a page over ~16 KB gzipped hung (issue 29's photo script found it).
    const fresh = Buffer.from(nonce)
    res.setHeader('Content-Length', kept.bytes + fresh.length * (kept.parts.length - 1))
    res.statusCode = 200
    kept.parts.forEach((part, i) => {
      if (i > 0) res.write(fresh)
      res.write(part)
    })
    res.end()
  }

  /** Replays a kept page (true), or readies the copy of the render to come (false). */
  async function serve(req: Request, res: Response): Promise<boolean> {
    const propertyId = PAGES.exec(req.path)![1]!
    const key = `${req.originalUrl}\n${req.get('cookie') ?? ''}`
    const now = dataVersion()
    const kept = pages.get(key)
    if (kept && (kept.checkedAt === now || (await stampOf(propertyId, now)) === kept.stamp)) {
      kept.checkedAt = now
      replay(res, kept, propertyId)
      return true
    }
    if (kept) pages.delete(key)
    // Read before the render: a change committed while it runs moves the stamp past this one, and
    // the next replay asks again.
    const stamp = await stampOf(propertyId, now)
    keepWhatIsSent(res, key, stamp, now)
    return false
  }

  /** A miss: Remix renders, and a copy of what it sends is kept if it is the same for everyone. */
  function keepWhatIsSent(res: Response, key: string, stamp: number | null, checkedAt: number) {
    const nonce = res.locals.cspNonce as string
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
      const cookies = setCookies(res)
      if (res.statusCode === 200 && nonce && cookies.every((c) => HARMLESS_COOKIES.has(c.split('=')[0]!.trim()))) {
        const headers = REPLAYED_HEADERS.flatMap((name) => {
          const value = res.getHeader(name)
          return value === undefined ? [] : [[name, String(value)] as [string, string]]
        })
        if (pages.size >= MAX_PAGES) pages.clear()
        const parts = Buffer.concat(chunks).toString('utf8').split(nonce).map((part) => Buffer.from(part))
        const countsScan = cookies.some((c) => c.startsWith('vendor_visit='))
        pages.set(key, { headers, cookies, countsScan, parts, bytes: parts.reduce((sum, part) => sum + part.length, 0), stamp, checkedAt })
      }
      return end(chunk, ...rest)
    }) as Response['end']
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (!cacheable(req)) return next()
    // The stamp read is a database read: if it fails, the page is rendered as if nothing were kept.
    serve(req, res).then(
      (replayed) => replayed || next(),
      () => next(),
    )
  }
}
