// The load-test switch: with RATE_LIMIT_DISABLED=true nothing is limited, and the server says so.
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { resetEnvCache } from '~/lib/env.server'
import { startTestServer, type TestServer } from '../../tests/support/server'

let server: TestServer
const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

beforeAll(async () => {
  process.env.RATE_LIMIT_DISABLED = 'true'
  resetEnvCache()
  server = await startTestServer({ rateLimits: { signInPerMinute: 1, anonymousWritesPerMinute: 1, vendorSubmissionsPerMinute: 1 } })
})

afterAll(async () => {
  await server.close()
  delete process.env.RATE_LIMIT_DISABLED
  resetEnvCache()
  warn.mockRestore()
})

test('with the switch on, writes past every limit are answered, and a warning says limits are off', async () => {
  expect(warn.mock.calls.flat().join(' ')).toMatch(/RATE_LIMIT_DISABLED.*never a real deployment/)
  const c = server.client()
  const signIns = []
  for (let i = 0; i < 3; i++) signIns.push((await c.postForm('/auth/oidc', { login_hint: `off${i}@x.test` })).status)
  expect(signIns).not.toContain(429)
  const submissions = []
  for (let i = 0; i < 3; i++) submissions.push((await c.post('/api/vendor/requests', {})).status)
  expect(submissions).not.toContain(429)
})
