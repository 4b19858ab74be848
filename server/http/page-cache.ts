// The vendor pages, reused as rendered. A whole building of vendors scans one code in the same
// minute and every one of them gets the same bytes: rendering React for each costs ~50× what
// sending the bytes does.
//
// Only pages that are the same for everyone are kept: a GET of the language picker or the request
// page with at most `lang` in the query, from a phone whose only cookies are the language and the
// visit marker (no cart, no toast, no session), answered 200 and setting no other cookie. A first
// visit is kept too (issue 27, item 1): the cookies it sets are the same for every phone that sends
// the same cookies (signed values, Max-Age, no Expires), so the replay sets them again, and counts
// the visit's scan exactly as the render would have.
//
// A kept page is dropped when what it shows changes, and by nothing else (decision 079): while the
// database has not changed (dataVersion, which also sees writes replicated from another machine) it
// is replayed without a question; once it has, the storefront's stamp is read (once per property and
// change) and the page stays if the stamp has not moved.
//
// A kept page is the same bytes for everyone (decision 140): its inline scripts are allowed by their
// hashes instead of the render's nonce, so it is compressed once, not once per phone, and the front
// door (frontDoor below, before Express) answers a current page with its kept headers and bytes.
import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { dataVersion } from '~/lib/db-version.server'
import { compressedAs, encodingFor, type Encoding } from './compression'
import { logRequest, newRequestId } from './request-log'

const PAGES = /^\/vendor\/([^/]+)(\/request)?\/?$/
const HARMLESS_COOKIES = new Set(['vendor_lang', 'vendor_visit'])
const MAX_PAGES = 500
/** Headers that belong to one answer, never to the kept page. */
const PER_ANSWER = new Set(['set-cookie', 'x-request-id', 'content-length', 'content-encoding', 'transfer-encoding', 'etag', 'date', 'connection', 'keep-alive', 'x-page-cache'])

/** The page as sent to everyone, with what it shows of the storefront as of its render. */
type Kept = {
  /** Every header of the render but the per-answer ones, its CSP naming the inline scripts' hashes. */
  headers: Array<[string, string]>
  cookies: string[]
  /** The render counted a scan: this was the first page of a visit. */
  countsScan: boolean
  body: Buffer
  /** The body compressed, each encoding once, when a phone first asks for it. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>
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

/** The kept page this request may have (its property and key), or null when its answer is its own. */
export function keptPageFor(method: string | undefined, url: string, cookie: string | undefined) {
  if (method !== 'GET') return null
  const q = url.indexOf('?')
  const match = PAGES.exec(q < 0 ? url : url.slice(0, q))
  if (!match) return null
  if (q >= 0) for (const name of new URLSearchParams(url.slice(q + 1)).keys()) if (name !== 'lang') return null
  if (!cookieNames(cookie).every((name) => HARMLESS_COOKIES.has(name))) return null
  return { propertyId: match[1]!, key: `${url}\n${cookie ?? ''}` }
}

function setCookies(res: ServerResponse) {
  const value = res.getHeader('set-cookie')
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]
}

function encodedBody(kept: Kept, encoding: Encoding) {
  if (encoding === 'identity') return kept.body
  // Compressed once per kept page and encoding, at compression()'s own settings.
  kept.encoded[encoding] ??= compressedAs(kept.body, encoding)
  return kept.encoded[encoding]!
}

/**
 * The render as it will be kept: the nonce taken off its inline scripts, which the CSP then allows by
 * their SHA-256 hashes. Null when the nonce is used anywhere else (the page is then not kept).
 */
export function sameForEveryone(html: string, nonce: string, csp: string) {
  const page = html.split(` nonce="${nonce}"`).join('')
  if (page.includes(nonce) || !csp.includes(`'nonce-${nonce}'`)) return null
  const hashes = Array.from(page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi))
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
    .map(([, , source]) => `'sha256-${crypto.createHash('sha256').update(source!, 'utf8').digest('base64')}'`)
  const policy = csp.replace(`'nonce-${nonce}'`, [...new Set(hashes)].join(' ')).replace(/ {2,}/g, ' ')
  return { page, policy }
}

export function vendorPageCache(hooks: VendorPageHooks, options: { logRequests?: boolean } = {}) {
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

  /** Sends a kept page; false when the phone accepts no encoding we have (Express answers it then). */
  function send(req: IncomingMessage, res: ServerResponse, kept: Kept, propertyId: string) {
    const encoding = encodingFor(req.headers['accept-encoding'])
    if (!encoding) return false
    for (const [name, value] of kept.headers) res.setHeader(name, value)
    if (kept.cookies.length) res.setHeader('Set-Cookie', kept.cookies)
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
    if (kept.countsScan) hooks.countScan(propertyId)
    res.setHeader('x-page-cache', 'hit')
    const body = encodedBody(kept, encoding)
    // res.end, not res.send: no ETag hashed over the page for each phone.
    res.setHeader('Content-Length', body.length)
    res.statusCode = 200
    res.end(body)
    return true
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
      const csp = res.getHeader('content-security-policy')
      if (res.statusCode === 200 && nonce && typeof csp === 'string' && cookies.every((c) => HARMLESS_COOKIES.has(c.split('=')[0]!.trim()))) {
        const kept = sameForEveryone(Buffer.concat(chunks).toString('utf8'), nonce, csp)
        if (kept) {
          const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) => {
            if (PER_ANSWER.has(name) || value === undefined) return []
            if (name === 'content-security-policy') return [[name, kept.policy] as [string, string]]
            return [[name, Array.isArray(value) ? value.join(', ') : String(value)] as [string, string]]
          })
          // The answer varies with what the phone accepts, whether or not this one was compressed.
          const vary = headers.find(([name]) => name === 'vary')
          if (!vary) headers.push(['vary', 'Accept-Encoding'])
          else if (!/accept-encoding/i.test(vary[1])) vary[1] = `${vary[1]}, Accept-Encoding`
          if (pages.size >= MAX_PAGES) pages.clear()
          const countsScan = cookies.some((c) => c.startsWith('vendor_visit='))
          pages.set(key, { headers, cookies, countsScan, body: Buffer.from(kept.page), encoded: {}, stamp, checkedAt })
        }
      }
      return end(chunk, ...rest)
    }) as Response['end']
  }

  /** Replays a kept page (true), or readies the copy of the render to come (false). */
  async function serve(req: Request, res: Response, propertyId: string, key: string): Promise<boolean> {
    const now = dataVersion()
    const kept = pages.get(key)
    if (kept && (kept.checkedAt === now || (await stampOf(propertyId, now)) === kept.stamp)) {
      kept.checkedAt = now
      // A phone refusing every encoding we keep gets a render of its own; the kept page stays.
      return send(req, res, kept, propertyId)
    }
    if (kept) pages.delete(key)
    // Read before the render: a change committed while it runs moves the stamp past this one, and
    // the next replay asks again.
    const stamp = await stampOf(propertyId, now)
    keepWhatIsSent(res, key, stamp, now)
    return false
  }

  /** After the security headers, before Remix: kept pages whose storefront must be asked about, and misses. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    const page = keptPageFor(req.method, req.originalUrl, req.get('cookie'))
    if (!page) return next()
    // The stamp read is a database read: if it fails, the page is rendered as if nothing were kept.
    serve(req, res, page.propertyId, page.key).then(
      (replayed) => replayed || next(),
      () => next(),
    )
  }

  /**
   * Before Express: a kept page known to be current (no commit since it was last checked) is sent
   * with its kept headers, a request id and the request's log line, and nothing else runs; whatever
   * needs more (a stamp to read, a render, a body to drain) goes on to Express (false).
   */
  function frontDoor(req: IncomingMessage, res: ServerResponse) {
    if (req.headers['transfer-encoding'] || (req.headers['content-length'] ?? '0') !== '0') return false
    const page = keptPageFor(req.method, req.url ?? '', req.headers.cookie)
    if (!page) return false
    const kept = pages.get(page.key)
    if (!kept || kept.checkedAt !== dataVersion()) return false
    // The clock is read only when the line is written: this path answers tens of thousands a second.
    const startedAt = options.logRequests ? process.hrtime.bigint() : 0n
    const requestId = newRequestId(req.headers['fly-request-id'] ?? req.headers['x-request-id'])
    res.setHeader('X-Request-Id', requestId)
    if (!send(req, res, kept, page.propertyId)) return false
    if (options.logRequests) logRequest({ requestId, method: 'GET', path: req.url!.split('?')[0]!, status: 200, startedAt })
    return true
  }

  return { middleware, frontDoor }
}
