// A body over its cap is answered with a 413 the client can read (issue 27, item 4), and the caps
// hold with the rate limits switched off (RATE_LIMIT_DISABLED is for load tests, not for memory).
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { withTestServer } from '../../tests/support/server'

const app = withTestServer({ rateLimitsDisabled: true })

const MB = 1024 * 1024
const TOO_LARGE = { error: 'The request is too large: at most 15 MB may be sent here.' }

// In a process of its own: the test process's fetch goes through the outside-service mocks.
const UPLOAD_WITH_NODE_FETCH = `
const answers = []
for (let i = 0; i < 4; i++) {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(30 * 1024 * 1024)], { type: 'image/jpeg' }), 'huge.jpg')
  try {
    const res = await fetch(process.argv[1], { method: 'POST', body: form })
    answers.push({ status: res.status, body: await res.json() })
  } catch (err) {
    answers.push({ failed: String(err.cause?.code ?? err.cause ?? err) })
  }
}
console.log(JSON.stringify(answers))`

test("a 30 MB upload gets a 413 that Node's fetch reads, and the server goes on answering", async () => {
  const before = await db.storedImage.count()
  // A few times over: whether the close overtakes the answer is a matter of timing.
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', UPLOAD_WITH_NODE_FETCH, `${app.url}/api/upload`])
  expect(JSON.parse(stdout)).toEqual(Array(4).fill({ status: 413, body: TOO_LARGE }))
  expect(await db.storedImage.count()).toBe(before)
  const manager = await app.signedIn('after-huge-upload@x.test')
  expect((await manager.get('/api/products')).status).toBe(200)
})

test('curl reads the same 413 for a 30 MB upload', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'refused-'))
  const file = path.join(dir, 'huge.jpg')
  await fs.writeFile(file, Buffer.alloc(30 * MB, 0xff))
  try {
    const { stdout } = await promisify(execFile)('curl', ['-sS', '-w', '\n%{http_code}', '-F', `image=@${file};type=image/jpeg`, `${app.url}/api/upload`])
    const [body, status] = stdout.split('\n')
    expect(status).toBe('413')
    expect(JSON.parse(body!)).toEqual(TOO_LARGE)
  } finally {
    await fs.rm(dir, { recursive: true })
  }
})

test('a JSON body over 1 MB is refused with 413 even with the rate limits off', async () => {
  const manager = await app.signedIn('big-json-no-limits@x.test')
  const res = await manager.post('/api/products', { name: 'Mop', description: 'x'.repeat(2 * MB) })
  expect(res.status).toBe(413)
  expect(await res.json()).toEqual({ error: 'The request is too large: at most 1 MB may be sent here.' })
})
