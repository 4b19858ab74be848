import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { withTestServer } from '../../../tests/support/server'
import { safeRedirect } from './auth.server'

const app = withTestServer()

function sessionCookieOf(res: Response) {
  return res.headers.getSetCookie().find((h) => h.startsWith('__stockrun_session='))
}

/** Walks the code flow by hand up to the provider's answer, so a test can tamper with the callback. */
async function callbackFor(email: string) {
  const c = app.client()
  const toProvider = await c.postForm('/auth/oidc', { login_hint: email })
  const authorize = await c.get(toProvider.headers.get('location')!)
  return { client: c, callback: authorize.headers.get('location')! }
}

describe('after sign-in the manager is sent only to our own pages', () => {
  test.each([
    ['//evil.test/x', '/'],
    ['https://evil.test/', '/'],
    ['/\\evil.test', '/'],
    ['/\t/evil.test', '/'],
    ['/\n/evil.test', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    ['/settings?tab=1#top', '/settings?tab=1#top'],
    ['/requests/abc', '/requests/abc'],
  ])('%j goes to %j', (to, expected) => {
    expect(safeRedirect(to)).toBe(expected)
  })

  test('a crafted redirectTo on the sign-in form lands on our own first-run step, not another site', async () => {
    const c = app.client()
    const { path, res } = await c.follow(await c.postForm('/auth/oidc', { login_hint: 'bounce@x.test', redirectTo: '//evil.test/phish' }))
    // A first sign-in makes the organisation and asks for its name and clock first (issue 34).
    expect(path).toBe('/welcome')
    expect(await res.text()).not.toContain('evil.test')
  })
})

describe('sign-in hardening', () => {
  test('signing in issues a new session id and ends the one the browser held before', async () => {
    const c = await app.signedIn('rotate@x.test')
    const before = c.cookieHeader()
    const { res } = await c.signIn('rotate@x.test')
    expect(res.status).toBe(200)
    expect(c.cookieHeader()).not.toBe(before)
    const old = await fetch(`${app.url}/api/auth/user`, { headers: { Cookie: before } })
    expect(old.status).toBe(401)
    expect((await c.get('/api/auth/user')).status).toBe(200)
  })

  test('a replayed callback (the same code twice, even with the original cookies) is refused', async () => {
    const { client, callback } = await callbackFor('replay@x.test')
    const flowCookies = client.cookieHeader()
    const first = await client.get(callback)
    // A first sign-in goes on to the first-run step (issue 34).
    expect(first.headers.get('location')).toBe('/welcome')
    const replay = await fetch(callback, { headers: { Cookie: flowCookies }, redirect: 'manual' })
    expect(replay.headers.get('location')).toBe('/login?error=failed')
    expect(sessionCookieOf(replay)).toBeUndefined()
  })

  test('a callback without the PKCE verifier (no flow cookie) is refused and signs no one in', async () => {
    const { callback } = await callbackFor('no-verifier@x.test')
    const res = await fetch(callback, { redirect: 'manual' })
    expect(res.headers.get('location')).toBe('/login?error=failed')
    expect(sessionCookieOf(res)).toBeUndefined()
    expect(await db.user.count({ where: { email: 'no-verifier@x.test' } })).toBe(0)
  })

  test('a callback with a forged code is refused', async () => {
    const { client, callback } = await callbackFor('forged-code@x.test')
    const forged = new URL(callback)
    forged.searchParams.set('code', Buffer.from(JSON.stringify({ email: 'ceo@x.test', exp: Date.now() + 60_000 })).toString('base64url'))
    const { path } = await client.follow(await client.get(forged.toString()))
    expect(path).toBe('/login?error=failed')
    expect(await db.user.count({ where: { email: 'ceo@x.test' } })).toBe(0)
  })

  test('scripts run only with our nonce: the CSP has no unsafe-inline or unsafe-eval for scripts', async () => {
    const res = await app.client().get('/login')
    const csp = res.headers.get('content-security-policy')!
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'))!
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/)
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('unsafe-eval')
    expect(csp).toContain("object-src 'none'")
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)![1]!
    const html = await res.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })
})
