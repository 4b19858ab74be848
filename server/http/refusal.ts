// One way for the Express layer to say no before Remix runs: /api callers get the { error } contract,
// people in a browser get a small page in their language's place (title, lang, main, h1) instead of
// bare text, so a refusal is as readable by a screen reader as any other page.
import type { Request, Response } from 'express'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const TITLES: Record<number, string> = {
  400: 'Request not understood',
  403: 'Request refused',
  405: 'Method not allowed',
  413: 'Too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
  503: 'Busy for a moment',
}

export function refusalPage(status: number, message: string) {
  const title = TITLES[status] ?? 'Request refused'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Stockrun</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#111827}main{max-width:32rem;margin:auto}a{color:#1d4ed8}</style></head><body><main><h1>${title}</h1><p>${escape(message)}</p><p><a href="/">Back to Stockrun</a></p></main></body></html>`
}

export function refuse(req: Request, res: Response, status: number, message: string) {
  res.status(status)
  // A Remix data request (a form submitted with JavaScript, a revalidation) hears it as a caught
  // response, so the page shows the message in its error screen instead of reading it as data.
  if (req.query._data !== undefined) {
    res.set('X-Remix-Catch', 'yes')
    res.json({ error: message })
    return
  }
  if (req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json') res.json({ error: message })
  else if (req.accepts('html')) res.type('html').send(refusalPage(status, message))
  else res.type('text/plain').send(message)
}
