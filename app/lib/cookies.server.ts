// Every cookie we set is signed, HttpOnly, SameSite=Lax and Secure in production (DESIGN.md §7);
// only the name and lifetime differ.
import { createCookie } from '@remix-run/node'
import { env } from './env.server'

/** `maxAge` in seconds; leave it out for a cookie that ends with the browser session. */
export function signedCookie(name: string, maxAge?: number) {
  return createCookie(name, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env().NODE_ENV === 'production',
    secrets: env().sessionSecrets,
    ...(maxAge ? { maxAge } : {}),
  })
}
