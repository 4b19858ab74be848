import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { InlineStylesheetProvider } from './lib/inline-stylesheet'
import { stylesheetText } from './lib/inline-stylesheet.server'
import { NonceProvider } from './lib/nonce'
import { storageProblem } from './lib/storage-errors.server'
import { isLightPage } from './lib/light-page'

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce
  // A page whose loader or action could not reach storage says "try again", not "we broke".
  const unavailable = Object.values(remixContext.staticHandlerContext.errors ?? {}).map(storageProblem).find(Boolean)
  if (unavailable) {
    responseStatusCode = 503
    responseHeaders.set('Retry-After', String(unavailable.retryAfter))
  }
  // A manager's page keeps other sites' windows out of its browsing context group. A light page (a
  // vendor's, runner's or requester's, opened from a QR scan, a text or an e-mail; the public API
  // reference) is answered without: the process swap the header forces on that entry was most of a
  // slow phone's blocking time (decision 142).
  const handles = remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle)
  if (!isLightPage(handles)) responseHeaders.set('Cross-Origin-Opener-Policy', 'same-origin')
  const app = (
    <NonceProvider value={nonce}>
      <InlineStylesheetProvider value={stylesheetText()}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </InlineStylesheetProvider>
    </NonceProvider>
  )
  // A page with nothing deferred is whole as soon as its loaders are: rendered to one string. React's
  // streaming renderer encodes each of its thousands of small pieces into bytes on its own, which
  // made it a third slower than this for a list screen (decision 068). A deferred page (the map)
  // still streams, so its shell shows while its data is read.
  if (!remixContext.staticHandlerContext.activeDeferreds) {
    const html = renderToString(app)
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    // As bytes: a string body is first scanned whole for unpaired surrogates by the Fetch API's
    // Response (~0.2 ms of CPU for a 250 KB list screen); UTF-8 encoding replaces them the same way.
    return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode })
  }
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const waitFor = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [waitFor]() {
        shellRendered = true
        const body = new PassThrough()
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
    setTimeout(abort, ABORT_DELAY)
  })
}
