// What a caller receives as compressed: the encoding chosen, a small answer given whole compressed at
// once (with its length known), and everything else as compression() sends it.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withTestServer } from '../../tests/support/server'
import { compressAnswers, encodingFor } from './compression'

test('a phone gets br or gzip by its own weights, the page as it is when it asks for neither, and nothing kept when it refuses even that', () => {
  expect(encodingFor(undefined)).toBe('identity')
  expect(encodingFor('gzip, deflate, br, zstd')).toBe('br')
  expect(encodingFor('br;q=0, gzip')).toBe('gzip')
  expect(encodingFor('gzip;q=1.0, br;q=0.4')).toBe('gzip')
  expect(encodingFor('deflate')).toBe('identity')
  expect(encodingFor('*')).toBe('br')
  expect(encodingFor('identity;q=0')).toBeNull()
})

const answer = (bytes: number) => JSON.stringify({ lines: 'x'.repeat(bytes - 12) })
const SMALL = answer(1_440)
const LARGE = answer(40_000)

describe('answers compressed where the caller asks', () => {
  let server: http.Server
  let base: string
  let ended = 0

  beforeAll(async () => {
    const app = express()
    app.use(compressAnswers())
    const json = (res: express.Response, body: string) => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.setHeader('Content-Length', Buffer.byteLength(body))
    }
    app.all('/whole', (_req, res) => (json(res, SMALL), res.end(SMALL)))
    app.get('/whole-with-callback', (_req, res) => (json(res, SMALL), res.end(Buffer.from(SMALL), () => ended++)))
    app.get('/large', (_req, res) => (json(res, LARGE), res.end(LARGE)))
    app.get('/tiny', (_req, res) => res.json({ ok: true }))
    app.get('/streamed', (_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.write(SMALL)
      res.end(SMALL)
    })
    app.get('/no-transform', (_req, res) => (res.setHeader('Cache-Control', 'no-transform'), json(res, SMALL), res.end(SMALL)))
    app.get('/image', (_req, res) => (res.setHeader('Content-Type', 'image/png'), res.end(Buffer.alloc(4_000, 1))))
    // As Remix sends an answer: each piece its stream gives (a Uint8Array), a flush, then the end a turn later.
    const inPieces = (type: string, body: string) => (_req: express.Request, res: express.Response) => {
      res.setHeader('Content-Type', type)
      const bytes = new TextEncoder().encode(body)
      const half = bytes.length >> 1
      res.write(bytes.subarray(0, half))
      ;(res as unknown as { flush: () => void }).flush()
      res.write(bytes.subarray(half))
      setImmediate(() => res.end())
    }
    app.get('/json-in-pieces', inPieces('application/json; charset=utf-8', SMALL))
    app.get('/large-json-in-pieces', inPieces('application/json; charset=utf-8', LARGE))
    app.get('/html-in-pieces', inPieces('text/html; charset=utf-8', SMALL))
    server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  const decoders = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync }
  /** The answer came in `encoding` (none: as it is) and decodes to `body`. */
  function expectEncoded(res: { headers: http.IncomingHttpHeaders; bytes: Buffer }, encoding: keyof typeof decoders | undefined, body: string) {
    expect(res.headers['content-encoding']).toBe(encoding)
    expect((encoding ? decoders[encoding](res.bytes) : res.bytes).toString()).toBe(body)
  }

  /** The answer as the wire carries it: no client decompresses it for us. */
  function get(path: string, acceptEncoding?: string, method = 'GET') {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end()
    })
  }

  test('a small answer given whole comes gzipped with its length, and decodes to the same answer', async () => {
    const res = await get('/whole', 'gzip')
    expectEncoded(res, 'gzip', SMALL)
    expect(res.headers['content-length']).toBe(String(res.bytes.length))
    expect(res.headers['transfer-encoding']).toBeUndefined()
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.bytes.length).toBeLessThan(SMALL.length / 2)
  })

  test('a browser that takes br gets br, as compression() would choose', async () => {
    const res = await get('/whole', 'gzip, deflate, br, zstd')
    expect(res.headers['content-length']).toBe(String(res.bytes.length))
    expectEncoded(res, 'br', SMALL)
  })

  test('a caller that asks for no encoding, and a HEAD, get the answer as it is', async () => {
    const plain = await get('/whole')
    expectEncoded(plain, undefined, SMALL)
    const head = await get('/whole', 'gzip', 'HEAD')
    expect(head.headers['content-encoding']).toBeUndefined()
    expect(head.headers['content-length']).toBe(String(SMALL.length))
    expect(head.bytes.length).toBe(0)
  })

  test('an answer marked no-transform, one too small to gain, and an image go as they are', async () => {
    expect((await get('/no-transform', 'gzip')).headers['content-encoding']).toBeUndefined()
    const tiny = await get('/tiny', 'gzip')
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(tiny.bytes.toString())).toEqual({ ok: true })
    expect((await get('/image', 'gzip')).headers['content-encoding']).toBeUndefined()
  })

  test('streamed and large answers are still compressed, and a deflate-only caller gets deflate', async () => {
    const streamed = await get('/streamed', 'gzip')
    expectEncoded(streamed, 'gzip', SMALL + SMALL)
    const large = await get('/large', 'gzip')
    expectEncoded(large, 'gzip', LARGE)
    const deflated = await get('/whole', 'deflate')
    expectEncoded(deflated, 'deflate', SMALL)
  })

  test('a small JSON answer written in pieces, as Remix writes it, comes compressed whole with its length', async () => {
    const gzipped = await get('/json-in-pieces', 'gzip')
    expect(gzipped.headers['content-length']).toBe(String(gzipped.bytes.length))
    expectEncoded(gzipped, 'gzip', SMALL)
    const plain = await get('/json-in-pieces')
    expectEncoded(plain, undefined, SMALL)
    const deflated = await get('/json-in-pieces', 'deflate')
    expectEncoded(deflated, 'deflate', SMALL)
  })

  test('a large JSON answer and a page written in pieces are streamed compressed, as before', async () => {
    const large = await get('/large-json-in-pieces', 'gzip')
    expect(large.headers['content-length']).toBeUndefined()
    expectEncoded(large, 'gzip', LARGE)
    const page = await get('/html-in-pieces', 'br')
    expect(page.headers['content-length']).toBeUndefined()
    expectEncoded(page, 'br', SMALL)
  })

  test("the sender's callback still runs once the compressed answer is sent", async () => {
    const before = ended
    const res = await get('/whole-with-callback', 'gzip')
    expect(zlib.gunzipSync(res.bytes).toString()).toBe(SMALL)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(ended).toBe(before + 1)
  })
})

describe('the app', () => {
  const app = withTestServer()

  test('an API list Remix answers comes compressed at once, with its length', async () => {
    const c = await app.signedIn('compressed-list@x.test')
    for (let i = 0; i < 12; i++) {
      expect((await c.post('/api/products', { name: `Paper towels, case ${i + 1}`, category: 'Supplies' })).status).toBe(201)
    }
    const res = await c.get('/api/products', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0)
    const products = (await res.json()) as unknown[]
    expect(products).toHaveLength(12)
  })
})
