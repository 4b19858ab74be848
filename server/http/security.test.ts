import { describe, expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'
import { getPreferences } from '~/areas/organisation/settings.server'
import { db } from '~/lib/db.server'
import type { Request, Response } from 'express'
import { cspNonce } from './security'
import { givenAssignment } from '../../tests/fixtures/dispatch'
import { organisationOf } from '../../tests/fixtures/people'
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

  test("a manager's page keeps other sites' windows out (COOP); the pages a QR scan, a text or a link opens do not force the switch", async () => {
    const c = await app.signedIn('coop@x.test')
    const isolated = async (path: string, client = c) => {
      const res = await client.get(path)
      return { status: res.status, coop: res.headers.get('cross-origin-opener-policy'), framing: res.headers.get('x-frame-options') }
    }
    expect(await isolated('/')).toEqual({ status: 200, coop: 'same-origin', framing: 'DENY' })
    expect(await isolated('/login', app.client())).toEqual({ status: 200, coop: 'same-origin', framing: 'DENY' })
    // An address nothing answers is the app's own 404 page, which keeps it.
    expect(await isolated('/no-such-page', app.client())).toEqual({ status: 404, coop: 'same-origin', framing: 'DENY' })

    const org = await organisationOf('coop@x.test')
    const { property, products } = await givenStorefront({ organisationId: org.id, name: 'Opener Place' })
    const sent = await app.client().post('/api/vendor/requests', { propertyId: property.id, vendorName: 'Vera Vendor', requestedProducts: [{ productId: products[0]!.id, quantity: 1 }] })
    expect(sent.status).toBe(201)
    const { trackingUrl } = (await sent.json()) as { trackingUrl: string }
    const { runner, runnerToken, linkToken, assignment } = await givenAssignment(org.id)
    const phone = app.client()
    const light = [
      `/vendor/${property.id}`,
      // Its first answer is a render, the later ones come from the kept page: none carries it.
      ...Array(3).fill(`/vendor/${property.id}/request?lang=en`),
      `/runner/${runner.id}/${runnerToken}`,
      `/delivery/${assignment.id}/${linkToken}`,
      new URL(trackingUrl).pathname,
      '/docs/api',
      // A light page's own refusal (an unknown property) is answered as that page would be.
      '/vendor/no-such-property',
    ]
    for (const path of light) {
      const page = await isolated(path, phone)
      expect(page.status, path).toBe(path.endsWith('no-such-property') ? 404 : 200)
      expect(page.coop, path).toBeNull()
      expect(page.framing, path).toBe('DENY')
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
