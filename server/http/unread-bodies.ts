// A post can be answered before its body is read: a page that sends a signed-out visitor to sign
// in, a 404 for a record that is not there. Remix's adapter has by then put the request under a
// stream of its own, so Node no longer throws the rest away by itself, and on a kept-alive
// connection that rest stood in front of the next request: the client waited for an answer that
// never came (the fuzz walk found it with a 200 KB form). Such an answer closes its connection,
// and what is left of the body is read and dropped so the close is clean.
import type { NextFunction, Request, Response } from 'express'

export function drainUnreadBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!req.complete && !this.headersSent) this.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  } as Response['writeHead']
  res.once('finish', () => {
    if (req.complete || req.destroyed) return
    req.on('data', () => {})
    req.resume()
  })
  next()
}
