import { expect, test } from 'vitest'
import { givenStorefront } from '../../tests/fixtures/vendor'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer({ rateLimits: { vendorSubmissionsPerMinute: 3, anonymousWritesPerMinute: 5 } })

test('vendor submissions past the limit get 429, on the page and the API alike, while cart presses never count', async () => {
  const { property, products } = await givenStorefront()
  const phone = app.client()
  // Far more cart presses than either limit: a vendor filling a cart without JavaScript is never stopped.
  for (let i = 0; i < 12; i++) {
    const res = await phone.postForm(`/vendor/${property.id}/request`, { intent: i % 2 ? 'decrease' : 'add', productId: products[0]!.id, lang: 'en' })
    expect(res.status, `press ${i}`).toBe(302)
  }
  const statuses = []
  for (let i = 0; i < 2; i++) statuses.push((await phone.postForm(`/vendor/${property.id}/request/submit`, { lang: 'en', vendorName: '' })).status)
  statuses.push((await phone.post('/api/vendor/requests', {})).status)
  expect(statuses).toEqual([302, 302, 400])
  const limited = await phone.post('/api/vendor/requests', {})
  expect(limited.status).toBe(429)
  expect(await limited.json()).toEqual({ error: expect.stringContaining('Too many requests') })
  const page = await phone.postForm(`/vendor/${property.id}/request/submit`, { lang: 'en', vendorName: 'Ana' })
  expect(page.status).toBe(429)
  // Browsing and the cart still work for everyone behind this address.
  expect((await phone.get(`/vendor/${property.id}/request?lang=en`)).status).toBe(200)
  expect((await phone.postForm(`/vendor/${property.id}/request`, { intent: 'add', productId: products[1]!.id, lang: 'en' })).status).toBe(302)
})
