import { expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer({ rateLimits: { signInPerMinute: 3, anonymousWritesPerMinute: 2 } })

test('sign-in attempts past the limit get 429 with a clear message, and pages still load', async () => {
  const c = app.client()
  const statuses = []
  for (let i = 0; i < 4; i++) statuses.push((await c.postForm('/auth/oidc', { login_hint: `rl${i}@x.test` })).status)
  expect(statuses.slice(0, 3)).toEqual([302, 302, 302])
  const limited = await c.postForm('/auth/oidc', {})
  expect(limited.status).toBe(429)
  expect(await limited.text()).toContain('Too many requests')
  expect((await c.get('/healthcheck')).status).toBe(200)
  // Looking at the sign-in page is not a sign-in attempt.
  expect((await c.get('/login')).status).toBe(200)
})

test('anonymous writes past the limit get a JSON 429 on /api', async () => {
  const c = app.client()
  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await c.post('/api/vendor/requests', {})).status)
  expect(statuses[2]).toBe(429)
  expect(statuses.slice(0, 2)).not.toContain(429)
})
