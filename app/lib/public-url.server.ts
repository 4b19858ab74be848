import { env } from './env.server'

/** Base of QR codes and shareable links: PUBLIC_URL when set, else the origin the request came to. */
export function publicOrigin(request: Request) {
  const configured = env().PUBLIC_URL
  if (configured) return configured.replace(/\/+$/, '')
  return new URL(request.url).origin
}
