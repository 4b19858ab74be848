// The direct JSON lane (decision 064). A route module that exports `directJsonAction` has its JSON
// POSTs answered here, by Express, instead of by Remix: the same function Remix's action calls,
// after the same middleware (limits, cross-site refusal, writes sent to the primary, the route
// guard's 405), with the same { error, fieldErrors } contract. What it skips is Remix turning the
// Node request into a Fetch Request and the answer back (an AbortController, a Headers copy, a
// body stream each way): for a vendor's submission that was half the CPU the request cost, and a
// whole building of vendors submits in the same minute.
import type { ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { errorAnswer, type DirectJsonAction } from '~/lib/http.server'
import { maxBodyBytes, refuseTooLarge } from './abuse-limits'

type BuildRoute = ServerBuild['routes'][string]

/** The origin the request came to, as Remix's Express adapter would build it (honours trust proxy). */
function requestOrigin(req: Request) {
  const port = (req.get('x-forwarded-host') ?? req.get('host') ?? '').split(':')[1]
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}`
}

class TooLarge extends Error {}

/** The request as a Fetch Request without its body, for a handler that reads who is signed in (cookie, API key). */
function bodilessRequest(req: Request, origin: string): globalThis.Request {
  const headers = new Headers()
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  return new globalThis.Request(origin + req.originalUrl, { method: req.method, headers })
}

/** The body, cut off at its cap: a chunked body has no length for the body cap to check in advance. */
function readText(req: Request, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        req.removeAllListeners('data')
        req.resume()
        reject(new TooLarge())
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function sendJson(res: Response, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body)
  res.statusCode = status
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  // res.end, not res.json: no ETag hashed over an answer no one will ask for again.
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(text))
  res.end(text)
}

/** Mounted after the route guard, which leaves the route it matched in `res.locals.route`. */
export function directJsonLane() {
  return (req: Request, res: Response, next: NextFunction) => {
    const route = res.locals.route as BuildRoute | undefined
    const direct = (route?.module as { directJsonAction?: DirectJsonAction } | undefined)?.directJsonAction
    if (req.method !== 'POST' || typeof direct !== 'function') return next()
    const maxBytes = maxBodyBytes(req)
    readText(req, maxBytes)
      .then((text) => {
        const origin = requestOrigin(req)
        return direct({ text, origin, request: () => bodilessRequest(req, origin) })
      })
      .then(
        ({ status, body, headers }) => (body === undefined ? res.status(status).end() : sendJson(res, status, body, headers)),
        (err: unknown) => {
          if (err instanceof TooLarge) return refuseTooLarge(req, res, maxBytes)
          // directJson answers every refusal itself; this is only what it could not catch (a broken body stream).
          const { status, body, headers } = errorAnswer(err)
          sendJson(res, status, body, headers)
        },
      )
  }
}
