import { describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { withTestServer } from '../../../tests/support/server'
import { givenOperator, organisationOf } from '../../../tests/fixtures/people'

const app = withTestServer()

describe('signing in through the identity provider', () => {
  test('a first sign-in creates the user and a new organisation they own, and lands on its first-run step', async () => {
    const c = app.client()
    const { res, path } = await c.signIn('first@x.test')
    expect(path).toBe('/welcome')
    expect(res.status).toBe(200)
    const me = await (await c.get('/api/auth/user')).json()
    expect(me).toMatchObject({ email: 'first@x.test', role: 'owner', tenant: { name: expect.any(String) } })
    expect(me.username).toBeTruthy()
  })

  test('another login_hint signs in a different person in a different organisation', async () => {
    const a = await app.signedIn('alpha@x.test')
    const b = await app.signedIn('beta@x.test')
    const [ma, mb] = [await (await a.get('/api/auth/user')).json(), await (await b.get('/api/auth/user')).json()]
    expect(ma.email).toBe('alpha@x.test')
    expect(mb.email).toBe('beta@x.test')
    expect(ma.tenant.id).not.toBe(mb.tenant.id)
  })

  test('signing in again keeps the same organisation instead of creating another', async () => {
    await app.signedIn('again@x.test')
    const before = await organisationOf('again@x.test')
    await app.signedIn('again@x.test')
    expect((await organisationOf('again@x.test')).id).toBe(before.id)
    expect(await db.membership.count({ where: { user: { email: 'again@x.test' } } })).toBe(1)
  })

  test('without a login_hint the demo owner is signed in', async () => {
    const c = app.client()
    await c.signIn()
    expect((await (await c.get('/api/auth/user')).json()).email).toBe('demo@stockrun.test')
  })

  test('the sign-in goes back to the page the manager first asked for (past the first-run step for a new organisation)', async () => {
    await app.signedIn('back@x.test')
    const c = app.client()
    const guarded = await c.get('/settings')
    expect(guarded.headers.get('location')).toBe('/login?redirectTo=%2Fsettings')
    const { path } = await c.follow(await c.postForm('/auth/oidc', { login_hint: 'back@x.test', redirectTo: '/settings' }))
    expect(path).toBe('/settings')
  })

  test('a refusal at the provider returns to /login with a message and no session', async () => {
    const c = app.client()
    const { res, path } = await c.signIn('denied@x.test')
    expect(path).toBe('/login?error=denied')
    expect(await res.text()).toContain('Sign-in was cancelled')
    expect((await c.get('/api/auth/user')).status).toBe(401)
    expect(await db.user.count({ where: { email: 'denied@x.test' } })).toBe(0)
  })

  test('a callback whose state does not match the one we issued is refused', async () => {
    const c = app.client()
    const toProvider = await c.postForm('/auth/oidc', { login_hint: 'forged@x.test' })
    const authorize = await c.get(toProvider.headers.get('location')!)
    const callback = new URL(authorize.headers.get('location')!)
    callback.searchParams.set('state', 'not-the-state-we-issued')
    const { path } = await c.follow(await c.get(callback.toString()))
    expect(path).toBe('/login?error=failed')
    expect((await c.get('/api/auth/user')).status).toBe(401)
  })

  test('a code presented by a browser that did not start the flow fails the PKCE check', async () => {
    const victim = app.client()
    const toProvider = await victim.postForm('/auth/oidc', { login_hint: 'victim@x.test' })
    const authorize = await victim.get(toProvider.headers.get('location')!)
    const stolenCallback = authorize.headers.get('location')!
    // The attacker starts their own flow (own state and verifier), then swaps in the victim's code.
    const attacker = app.client()
    const own = await attacker.postForm('/auth/oidc', { login_hint: 'attacker@x.test' })
    const ownState = new URL(own.headers.get('location')!).searchParams.get('state')!
    const swapped = new URL(stolenCallback)
    swapped.searchParams.set('state', ownState)
    const { path } = await attacker.follow(await attacker.get(swapped.toString()))
    expect(path).toBe('/login?error=failed')
    expect(await db.user.count({ where: { email: 'victim@x.test' } })).toBe(0)
  })

  test('while registration is closed a newcomer is told so, and existing members still sign in', async () => {
    const owner = await app.signedIn('owner-closed@x.test')
    await givenOperator('owner-closed@x.test')
    expect((await owner.put('/api/admin/system-settings', { registration_enabled: false })).status).toBe(200)
    try {
      const newcomer = app.client()
      const { res, path } = await newcomer.signIn('newcomer@x.test')
      expect(path).toBe('/login?error=registration_closed')
      expect(await res.text()).toContain('Registration is closed')
      expect(await db.user.count({ where: { email: 'newcomer@x.test' } })).toBe(0)
      const login = await (await app.client().get('/login')).text()
      expect(login).toContain('Registration is closed')

      const again = app.client()
      expect((await again.signIn('owner-closed@x.test')).path).toBe('/')
    } finally {
      await owner.put('/api/admin/system-settings', { registration_enabled: true })
    }
  })
})

describe('sessions', () => {
  test('the session cookie is HttpOnly and SameSite=Lax, and holds no user data', async () => {
    const c = app.client()
    const start = await c.postForm('/auth/oidc', { login_hint: 'cookie@x.test' })
    const authorize = await c.get(start.headers.get('location')!)
    const callback = await c.get(authorize.headers.get('location')!)
    const sessionCookie = callback.headers.getSetCookie().find((h) => h.startsWith('__stockrun_session='))!
    expect(sessionCookie).toMatch(/HttpOnly/i)
    expect(sessionCookie).toMatch(/SameSite=Lax/i)
    expect(sessionCookie).not.toContain('cookie@x.test')
  })

  test('an expired session no longer signs the manager in', async () => {
    const c = await app.signedIn('expiring@x.test')
    expect((await c.get('/api/auth/user')).status).toBe(200)
    const user = await db.user.findUniqueOrThrow({ where: { email: 'expiring@x.test' } })
    await db.session.updateMany({ where: { userId: user.id }, data: { expire: new Date(Date.now() - 1000) } })
    expect((await c.get('/api/auth/user')).status).toBe(401)
    const page = await c.get('/')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe('/login')
  })

  test('signing out ends the session on the server, not just in the browser', async () => {
    const c = await app.signedIn('leaving@x.test')
    const stolenCookie = c.cookieHeader()
    const out = await c.postForm('/logout', {})
    expect(out.headers.get('location')).toBe('/login')
    const replay = await fetch(`${app.url}/api/auth/user`, { headers: { Cookie: stolenCookie } })
    expect(replay.status).toBe(401)
  })

  test('/login sends a signed-in manager to the dashboard', async () => {
    const c = await app.signedIn('already@x.test')
    const res = await c.get('/login')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
  })
})
