import { env } from './env.server'

/** Base of QR codes and shareable links: PUBLIC_URL when set, else the origin the request came to. */
export function publicOrigin(request: Request) {
  return publicOriginFrom(new URL(request.url).origin)
}

/** The same, from the origin alone (the direct JSON lane has no Fetch Request). */
export function publicOriginFrom(requestOrigin: string) {
  const configured = env().PUBLIC_URL
  if (configured) return configured.replace(/\/+$/, '')
  return requestOrigin
}
