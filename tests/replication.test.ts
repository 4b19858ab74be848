// Stockrun on LiteFS, simulated on one machine: this test process is the primary (a LITEFS_DIR
// without `.primary`), and a second server, started as `node build/server.js`, is a replica: its
// database is a copy opened read-only (as LiteFS serves it) and its `.primary` names our node.
// Every route is walked (tests/support/routes.ts), so a new route is covered by default.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/lib/db.server'
import { hashToken, newToken } from '~/lib/tokens.server'
import { givenAssignment } from './fixtures/dispatch'
import { givenRequestsToInvoice } from './fixtures/billing'
import { organisationOf } from './fixtures/people'
import { givenNotification } from './fixtures/requests'
import { givenStorefront } from './fixtures/vendor'
import { listRoutes } from './support/routes'
import { withTestServer } from './support/server'

const PRIMARY = 'primary-node'
const primaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litefs-primary-'))
const replicaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'litefs-replica-'))
process.env.LITEFS_DIR = primaryDir
process.env.LITEFS_INSTANCE = PRIMARY

const app = withTestServer()

type Seeded = Record<string, string>
const seeded: Seeded = {}
let managerCookie = ''
let orgId = ''
let replica: { url: string; child: ChildProcess; file: string }

function fill(param: string, previous: string) {
  const byName: Record<string, string | undefined> = {
    propertyId: seeded.property,
    productId: seeded.product,
    assignmentId: seeded.assignment,
    runnerId: seeded.runner,
    file: 'missing.jpg',
  }
  if (param === 'token') return { delivery: seeded.linkToken, runner: seeded.runnerToken, track: seeded.trackingToken }[previous] ?? 'x'
  if (param === 'id') {
    const byList: Record<string, string | undefined> = {
      properties: seeded.property,
      products: seeded.product,
      invoices: seeded.invoice,
      requests: seeded.request,
      notifications: seeded.notification,
      assign: seeded.assignment,
    }
    return byList[previous] ?? 'unknown'
  }
  return byName[param] ?? 'unknown'
}

const routes = () => listRoutes(fill)

async function startReplica(file: string) {
  const child = spawn(process.execPath, ['build/server.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      MOCKS: 'true',
      SESSION_SECRET: 'test-secret',
      PORT: '0',
      DATABASE_URL: `file:${file}`,
      DATABASE_READONLY: 'true',
      LITEFS_DIR: replicaDir,
      LITEFS_INSTANCE: 'replica-node',
      // Never a candidate: with no `.primary` it knows no primary (not that it is one).
      LITEFS_CANDIDATE: 'false',
      PRIMARY_INTERNAL_URL: app.url,
      SCAN_RELAY_MS: '100',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica did not start:\n${output}`)), 50_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const port = output.match(/"msg":"Stockrun listening[^\n]*"port":(\d+)/)?.[1]
      if (port) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${port}`)
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) => reject(new Error(`replica exited with ${code}:\n${output}`)))
  })
  return { url, child, file }
}

async function tableCounts() {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${name}"`)
    counts[name] = Number(row!.n)
  }
  return counts
}

function sha256(file: string) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

function get(base: string, url: string, cookie = managerCookie, headers: Record<string, string> = {}) {
  // Uncompressed: the test process's fetch goes through the outside-service mocks' interceptor.
  return fetch(base + url, { headers: { Cookie: cookie, 'Accept-Encoding': 'identity', ...headers }, redirect: 'manual', signal: AbortSignal.timeout(15_000) })
}

/** An empty submission, as the route expects it: JSON for /api, a form for pages. */
function send(base: string, url: string, method: string, cookie = managerCookie) {
  const json = url.startsWith('/api/') || url.startsWith('/internal/')
  return fetch(base + url, {
    method,
    headers: { Cookie: cookie, Origin: base, 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? '{}' : '',
    redirect: 'manual',
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function scansAt(propertyId: string) {
  return db.notification.count({ where: { type: 'qr_scan', propertyId } })
}

beforeAll(async () => {
  const manager = await app.signedIn('replica-owner@x.test')
  managerCookie = manager.cookieHeader()
  orgId = (await organisationOf('replica-owner@x.test')).id
  const { property, products } = await givenStorefront({ organisationId: orgId, name: 'Replica Pier', products: [{ name: 'Soap' }] })
  const scanned = await givenStorefront({ organisationId: orgId, name: 'Scan Dock' })
  const { delivered, plain } = await givenRequestsToInvoice(orgId)
  const invoice = await manager.post('/api/invoices/from-requests', {
    requestIds: [plain.id, delivered.request.id],
    invoiceData: { recipientName: 'Pat Payer', recipientEmail: 'pat@payer.test' },
  })
  expect(invoice.status).toBe(201)
  const dispatch = await givenAssignment(orgId)
  const trackingToken = newToken()
  await db.productRequest.update({ where: { id: dispatch.request.id }, data: { trackingTokenHash: hashToken(trackingToken) } })
  Object.assign(seeded, {
    property: property.id,
    scanned: scanned.property.id,
    product: products[0]!.id,
    invoice: ((await invoice.json()) as { id: string }).id,
    request: dispatch.request.id,
    assignment: dispatch.assignment.id,
    runner: dispatch.runner.id,
    runnerToken: dispatch.runnerToken,
    linkToken: dispatch.linkToken,
    trackingToken,
    notification: (await givenNotification(orgId, { message: 'seeded' })).id,
  })

  // What LiteFS would have shipped to the replica: the primary's database as of now.
  const source = process.env.DATABASE_URL!.replace(/^file:/, '')
  await db.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)')
  const file = path.join(replicaDir, '..', `${path.basename(replicaDir)}.db`)
  fs.copyFileSync(source, file)
  fs.writeFileSync(path.join(replicaDir, '.primary'), `${PRIMARY}\n`)
  replica = await startReplica(file)
}, 90_000)

afterAll(async () => {
  replica?.child.kill('SIGTERM')
  delete process.env.LITEFS_DIR
  delete process.env.LITEFS_INSTANCE
})

describe('a LiteFS replica', () => {
  test('answers every write with fly-replay to the primary and changes nothing', async () => {
    const before = await tableCounts()
    const file = sha256(replica.file)
    const writes = routes().filter((r) => r.hasAction)
    expect(writes.length).toBeGreaterThan(20)
    for (const route of writes) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const res = await send(replica.url, route.url, method)
        expect(res.status, `${method} ${route.url}`).toBe(409)
        expect(res.headers.get('fly-replay'), `${method} ${route.url}`).toBe(`instance=${PRIMARY}`)
      }
    }
    // The sign-in callback is a GET that writes (user, session): it goes to the primary too.
    const callback = await get(replica.url, '/auth/oidc/callback?code=c&state=s', '')
    expect(callback.headers.get('fly-replay')).toBe(`instance=${PRIMARY}`)
    expect(await tableCounts()).toEqual(before)
    expect(sha256(replica.file)).toBe(file)
  })

  test('answers every page and /api GET as the primary does', async () => {
    const reads = routes().filter((r) => r.url !== '/auth/oidc/callback')
    expect(reads.length).toBeGreaterThan(60)
    const differences: string[] = []
    for (const route of reads) {
      const [onPrimary, onReplica] = await Promise.all([get(app.url, route.url), get(replica.url, route.url)])
      const shape = (res: Response) => `${res.status} ${res.headers.get('content-type')?.split(';')[0]} ${res.headers.get('location') ?? ''}`
      if (shape(onPrimary) !== shape(onReplica)) differences.push(`${route.file}: primary ${shape(onPrimary)}, replica ${shape(onReplica)}`)
      // A live event stream never ends: its headers are the answer, its body is not waited for.
      const streaming = (res: Response) => res.headers.get('content-type')?.startsWith('text/event-stream')
      const read = async (res: Response) => (streaming(res) ? (await res.body?.cancel(), '') : res.text())
      const [, replicaBody] = await Promise.all([read(onPrimary), read(onReplica)])
      for (const [where, res] of [['primary', onPrimary], ['replica', onReplica]] as const) {
        if (!res.headers.get('x-request-id')) differences.push(`${route.file}: no X-Request-Id on the ${where}`)
      }
      if (onReplica.status >= 500) differences.push(`${route.file}: replica ${onReplica.status} ${replicaBody.slice(0, 300)}`)
    }
    expect(differences).toEqual([])
  }, 90_000)

  test('serves the vendor page itself, and its scan reaches the primary exactly once', async () => {
    expect(await scansAt(seeded.scanned!)).toBe(0)
    const phone = await get(replica.url, `/vendor/${seeded.scanned}`, '')
    expect(phone.status).toBe(200)
    expect(await phone.text()).toContain('Scan Dock')
    const visit = phone.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    for (let waited = 0; (await scansAt(seeded.scanned!)) === 0 && waited < 10_000; waited += 100) await sleep(100)
    // The same visit opening another page is the same scan.
    expect((await get(replica.url, `/vendor/${seeded.scanned}/request?lang=en`, visit)).status).toBe(200)
    await sleep(600)
    expect(await scansAt(seeded.scanned!)).toBe(1)
  })

  test('waits for a browser’s own last write before answering, or sends it to the primary', async () => {
    const pos = path.join(replicaDir, `${path.basename(replica.file)}-pos`)
    fs.writeFileSync(pos, '0000000000000009/0000000000000000\n')
    const caughtUp = await get(replica.url, '/api/properties', `${managerCookie}; __txid=0000000000000009`)
    expect(caughtUp.status).toBe(200)
    const behind = await get(replica.url, '/api/properties', `${managerCookie}; __txid=000000000000000a`)
    expect(behind.headers.get('fly-replay')).toBe(`instance=${PRIMARY}`)
    fs.rmSync(pos)
  })

  test('while no primary is known, writes answer 503 with Retry-After and reads keep working', async () => {
    fs.rmSync(path.join(replicaDir, '.primary'))
    try {
      await sleep(400)
      const write = await send(replica.url, '/api/properties', 'POST')
      expect(write.status).toBe(503)
      expect(write.headers.get('retry-after')).toBe('5')
      expect((await write.json()).error).toMatch(/try again/i)
      expect((await get(replica.url, '/api/properties')).status).toBe(200)
    } finally {
      fs.writeFileSync(path.join(replicaDir, '.primary'), `${PRIMARY}\n`)
    }
  })
})

describe('the primary', () => {
  test('takes every write itself (no replay), and a real one succeeds', async () => {
    // Its own session: the walk posts to /logout too.
    const walker = (await app.signedIn('replica-walker@x.test')).cookieHeader()
    for (const route of routes().filter((r) => r.hasAction)) {
      const res = await send(app.url, route.url, 'POST', walker)
      expect(res.headers.get('fly-replay'), route.url).toBeNull()
      expect(res.status, `${route.url}: ${await res.clone().text()}`).toBeLessThan(500)
      await res.body?.cancel()
    }
    expect((await send(app.url, '/api/properties', 'POST')).status).toBe(400)
    const res = await fetch(`${app.url}/api/properties`, {
      method: 'POST',
      headers: { Cookie: managerCookie, Origin: app.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Written on the primary', address: '1 Lease Lane' }),
    })
    expect(res.status).toBe(201)
    expect(await db.property.count({ where: { name: 'Written on the primary' } })).toBe(1)
  })

  test('hands its role over when the lease moves, and takes it back, without a restart', async () => {
    const body = (name: string) => ({
      method: 'POST',
      headers: { Cookie: managerCookie, Origin: app.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, address: '2 Lease Lane' }),
    })
    fs.writeFileSync(path.join(primaryDir, '.primary'), 'other-node\n')
    await sleep(400)
    const moved = await fetch(`${app.url}/api/properties`, body('While away'))
    expect(moved.status).toBe(409)
    expect(moved.headers.get('fly-replay')).toBe('instance=other-node')
    expect(await db.property.count({ where: { name: 'While away' } })).toBe(0)
    fs.rmSync(path.join(primaryDir, '.primary'))
    await sleep(400)
    expect((await fetch(`${app.url}/api/properties`, body('Back home'))).status).toBe(201)
  })
})
