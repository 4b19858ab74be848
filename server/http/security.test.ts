import { describe, expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'
import { getPreferences } from '~/areas/organisation/settings.server'
import { db } from '~/lib/db.server'
import type { Request, Response } from 'express'
import { cspNonce } from './security'
import { givenStorefront } from '../../tests/fixtures/vendor'

const app = withTestServer()

describe('browser safety', () => {
  test('a write started by another site is refused with 403 and changes nothing', async () => {
    const c = await app.signedIn('csrf@x.test')
    const user = await db.user.findUniqueOrThrow({ where: { email: 'csrf@x.test' } })
    const fromEvil = await c.fetch('/api/settings', {
      method: 'PUT',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ notificationSoundsEnabled: false }),
    })
    expect(fromEvil.status).toBe(403)
    const markedCrossSite = await c.fetch('/settings', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'intent=preferences&notificationSoundsEnabled=false',
    })
    expect(markedCrossSite.status).toBe(403)
    const logout = await c.fetch('/logout', { method: 'POST', headers: { Origin: 'https://evil.example' } })
    expect(logout.status).toBe(403)
    expect((await getPreferences(user.id)).notificationSoundsEnabled).toBe(true)
    expect((await c.get('/api/auth/user')).status).toBe(200)
  })

  test('a same-origin write goes through', async () => {
    const c = await app.signedIn('same-origin@x.test')
    const res = await c.fetch('/api/settings', {
      method: 'PUT',
      headers: { Origin: app.url, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      body: JSON.stringify({ emailNotifications: false }),
    })
    expect(res.status).toBe(200)
  })

  test('pages carry a nonce-based CSP that matches their scripts, and the other security headers', async () => {
    const res = await app.client().get('/login')
    const csp = res.headers.get('content-security-policy')!
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain("'unsafe-inline' 'self'")
    const html = await res.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const again = await app.client().get('/login')
    expect(again.headers.get('content-security-policy')).not.toContain(nonce)
  })

  test("a manager's page keeps other sites' windows out (COOP); a vendor's page, opened from a QR scan, does not force the switch", async () => {
    const c = await app.signedIn('coop@x.test')
    const dashboard = await c.get('/')
    expect(dashboard.status).toBe(200)
    expect(dashboard.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect((await app.client().get('/login')).headers.get('cross-origin-opener-policy')).toBe('same-origin')
    const { property } = await givenStorefront({ name: 'Opener Place' })
    const phone = app.client()
    // Its first answer is a render, the later ones come from the kept page: neither carries it.
    for (let visit = 0; visit < 3; visit++) {
      const page = await phone.get(`/vendor/${property.id}/request?lang=en`)
      expect(page.status).toBe(200)
      expect(page.headers.get('cross-origin-opener-policy'), `visit ${visit + 1}`).toBeNull()
      expect(page.headers.get('x-frame-options')).toBe('DENY')
    }
  })
})

describe('routes anyone can reach', () => {
  test('an unknown page is the 404 page', async () => {
    const res = await app.client().get('/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Page Not Found')
  })

  test('an unknown /api path is a JSON 404', async () => {
    const res = await app.client().get('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'Not found' })
  })

  test('every guarded page sends a visitor to /login', async () => {
    for (const path of ['/', '/properties', '/requests', '/products', '/dispatch', '/map', '/settings', '/billing', '/notifications', '/qr-codes', '/vendors']) {
      const res = await app.client().get(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toMatch(/^\/login/)
    }
  })

  test('the health check answers 200 when the database answers', async () => {
    const res = await app.client().get('/healthcheck')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  test('the public config says when no maps key is configured', async () => {
    expect(await (await app.client().get('/api/public/config')).json()).toEqual({ googleMapsApiKey: null })
  })
})

test('every page gets its own nonce of 16 random bytes, across many pages', () => {
  const seen = new Set<string>()
  for (let i = 0; i < 1000; i++) {
    const res = { locals: {} as Record<string, string> }
    cspNonce({} as Request, res as unknown as Response, () => {})
    expect(Buffer.from(res.locals.cspNonce!, 'base64')).toHaveLength(16)
    seen.add(res.locals.cspNonce!)
  }
  expect(seen.size).toBe(1000)
})
