// A post answered before its body was read (here: a signed-out visitor sent to sign in before the
// page reads the form) must not leave the rest of that body in front of the next request on the same
// kept-alive connection. Through fetch's connection pool, a 200 KB form did: the third post waited
// for an answer that never came.
import { expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer()

test('posts of every size answered before they are read leave the connection usable for the next', { timeout: 60_000 }, async () => {
  const visitor = app.client()
  for (const size of [10, 20_000, 200_000, 500_000]) {
    for (let i = 0; i < 3; i++) {
      const answer = await Promise.race([visitor.postForm('/dispatch', { intent: 'assign', notes: 'x'.repeat(size) }), new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000))])
      expect(answer?.status, `a ${size}-byte form, post ${i + 1}`).toBe(302)
    }
    expect((await visitor.get('/healthcheck')).status).toBe(200)
  }
})
