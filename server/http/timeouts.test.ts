import net from 'node:net'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { applyServerTimeouts } from './timeouts'

// Short limits so the test takes seconds; the same function sets the production ones in server.ts.
const LIMITS = { headersMs: 500, requestMs: 1500, checkEveryMs: 100 }

let port = 0
let close: () => Promise<void>

beforeAll(async () => {
  const app = express()
  app.get('/', (_req, res) => void res.send('ok'))
  app.post('/', express.text({ type: '*/*' }), (_req, res) => void res.send('got it'))
  const server = app.listen(0, '127.0.0.1')
  applyServerTimeouts(server, LIMITS)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  port = (server.address() as AddressInfo).port
  close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())))
})
afterAll(() => close())

/** Opens a raw connection, dribbles `chunks` one by one, and resolves with what the server said and when it hung up. */
function dribble(chunks: string[], everyMs: number) {
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    let i = 0
    const timer = setInterval(() => {
      if (i < chunks.length && !socket.destroyed) socket.write(chunks[i++]!)
    }, everyMs)
    socket.on('data', (d) => (answer += d.toString()))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ answer, closedAfterMs: Date.now() - started })
    })
    // The test's own bound: a server that never hangs up fails here instead of hanging.
    setTimeout(() => socket.destroy(), 8_000).unref()
  })
}

describe('slow clients cannot hold the server', () => {
  test('a client that sends its headers a byte at a time is cut off after the header timeout', async () => {
    const headers = 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200)
    const { answer, closedAfterMs } = await dribble(headers.split(''), 50)
    expect(closedAfterMs).toBeLessThan(3_000)
    expect(answer).not.toContain('200 OK')
  })

  test('a client that trickles its body is cut off after the request timeout', async () => {
    const head = 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n'
    const { answer, closedAfterMs } = await dribble([head, ...'x'.repeat(100).split('')], 100)
    expect(closedAfterMs).toBeLessThan(5_000)
    expect(answer).not.toContain('got it')
  })

  test('an ordinary client and an idle keep-alive connection are unaffected', async () => {
    const socket = net.connect(port, '127.0.0.1')
    const answers: string[] = []
    socket.on('data', (d) => answers.push(d.toString()))
    await new Promise((r) => socket.once('connect', r))
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await new Promise((r) => setTimeout(r, 1_000)) // idle for twice the header timeout
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await new Promise((r) => setTimeout(r, 300))
    socket.destroy()
    expect(answers.join('').match(/200 OK/g)).toHaveLength(2)
  })
})
