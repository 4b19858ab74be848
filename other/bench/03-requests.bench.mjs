// Request management at scale: one organisation with 100,000 requests over 500 properties, then
// the server time of the dashboard (the page, and the 10 s poll of its data), the Requests page and
// GET /api/requests (first page, a status, a search, a deep keyset page) and GET /api/stats,
// one connection at a time (what one manager waits) and with 10 at once (throughput).
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createRequire } from 'node:module'
import autocannon from 'autocannon'
import { startServer } from './server.mjs'

export const title = 'Requests: 100,000 requests over 500 properties'

const REQUESTS = 100_000
const PROPERTIES = 500
const PRODUCTS = 60
const EMAIL = 'bench-requests@stockrun.test'
const STATUSES = ['pending', 'in_progress', 'completed', 'archived']
const DAY = 86_400_000

/** A cookie-keeping walk through the mocked sign-in (login form → provider → callback). */
export async function signIn(base, email) {
  const jar = new Map()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      const value = pair.slice(eq + 1)
      if (!value || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq))
      else jar.set(pair.slice(0, eq), value)
    }
  }
  let res = await fetch(`${base}/auth/oidc`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ login_hint: email }),
    redirect: 'manual',
  })
  keep(res)
  for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
    res = await fetch(new URL(res.headers.get('location'), base), { headers: { Cookie: cookie() }, redirect: 'manual' })
    keep(res)
  }
  if (!jar.has('__stockrun_session')) throw new Error('Sign-in failed')
  return cookie()
}

/** Prisma's text format for DateTime in SQLite. */
const at = (ms) => new Date(ms).toISOString().replace('Z', '+00:00')

export function seed(file, email, count = REQUESTS) {
  const Database = createRequire(import.meta.url)('better-sqlite3')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 10000')
  // A throwaway database: a big page cache and no fsync keep random-UUID index inserts from thrashing.
  db.pragma('cache_size = -262144')
  db.pragma('synchronous = OFF')
  const { organisationId: org } = db
    .prepare('SELECT m.organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?')
    .get(email)
  const now = Date.now()
  const started = performance.now()
  db.transaction(() => {
    const property = db.prepare(
      'INSERT INTO Property (id, organisationId, name, address, isActive, qrCodeActive, createdAt, updatedAt) VALUES (?, ?, ?, ?, 1, ?, ?, ?)',
    )
    const properties = []
    for (let i = 0; i < PROPERTIES; i++) {
      const id = crypto.randomUUID()
      properties.push({ id, name: `Property ${i + 1}` })
      property.run(id, org, `Property ${i + 1}`, `${100 + i} Broadway, New York, NY`, i % 5 ? 1 : 0, at(now - 400 * DAY + i * 1000), at(now))
    }
    const product = db.prepare('INSERT INTO Product (id, organisationId, name, isActive, createdAt, updatedAt) VALUES (?, ?, ?, 1, ?, ?)')
    const products = []
    for (let i = 0; i < PRODUCTS; i++) {
      const id = crypto.randomUUID()
      products.push({ id, name: `Supply item ${i + 1}` })
      product.run(id, org, `Supply item ${i + 1}`, at(now), at(now))
    }
    const request = db.prepare(
      'INSERT INTO ProductRequest (id, organisationId, orderNumber, propertyId, vendorName, status, notes, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    const item = db.prepare('INSERT INTO RequestItem (id, organisationId, requestId, productId, productName, quantity) VALUES (?, ?, ?, ?, ?, ?)')
    const change = db.prepare('INSERT INTO RequestStatusChange (id, requestId, status, createdAt) VALUES (?, ?, ?, ?)')
    const notification = db.prepare(
      "INSERT INTO Notification (id, organisationId, type, message, requestId, isRead, createdAt) VALUES (?, ?, 'new_request', ?, ?, ?, ?)",
    )
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID()
      // Oldest first, a year back; the newest few hundred are still open.
      const created = now - Math.floor(((count - i) / count) * 365 * DAY)
      const status = i > count - 300 ? 'pending' : STATUSES[i % 4]
      const orderNumber = `ORD-${String(i + 1).padStart(6, '0')}`
      request.run(id, org, orderNumber, properties[i % PROPERTIES].id, `Vendor ${i % 97}`, status, i % 7 ? null : 'Leave at the front desk', at(created), at(created))
      for (let k = 0; k < 1 + (i % 3); k++) {
        const p = products[(i + k * 7) % PRODUCTS]
        item.run(crypto.randomUUID(), org, id, p.id, p.name, 1 + (k % 2))
      }
      change.run(crypto.randomUUID(), id, 'pending', at(created))
      if (status !== 'pending') change.run(crypto.randomUUID(), id, status, at(created + 3_600_000))
      notification.run(crypto.randomUUID(), org, `New request ${orderNumber}`, id, i > count - 50 ? 0 : 1, at(created))
    }
    db.prepare("INSERT INTO Sequence (organisationId, name, value) VALUES (?, 'order', ?)").run(org, count)
  })()
  const seconds = (performance.now() - started) / 1000
  db.close()
  return seconds
}

/**
 * A GET on a connection of its own: the seed blocks this process for seconds, long enough for the
 * server to drop idle keep-alive sockets that fetch() would otherwise try to reuse.
 */
function get(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Cookie: cookie } }, (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

async function measure(url, cookie, connections, duration = 5) {
  const result = await autocannon({ url, connections, duration, headers: { Cookie: cookie } })
  const bad = result.non2xx + result.errors
  if (bad > 0) throw new Error(`${url}: ${bad} failed responses`)
  return result
}

const figure = (r) => `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.average.toFixed(0)} req/s`

export async function run() {
  const server = await startServer({ port: 3903 })
  try {
    const cookie = await signIn(server.url, EMAIL)
    const seedSeconds = seed(server.database, EMAIL)

    // The 1,000th page deep (50,000 requests in) through the keyset cursor, as a client paging would.
    let cursor = null
    let deepPages = 0
    for (let page = 0; page < 100; page++) {
      const res = await get(`${server.url}/api/requests?limit=500${cursor ? `&cursor=${cursor}` : ''}`, cookie)
      if (res.status !== 200) throw new Error(`Paging answered ${res.status}`)
      cursor = res.headers['x-next-cursor']
      deepPages++
    }
    const csvStarted = performance.now()
    const csv = (await get(`${server.url}/api/requests?format=csv&status=all`, cookie)).body
    const csvSeconds = (performance.now() - csvStarted) / 1000

    const rows = {
      [`seed (${REQUESTS.toLocaleString('en-US')} requests, items, history, notifications)`]: `${seedSeconds.toFixed(1)} s`,
    }
    const single = [
      ['GET / (dashboard page)', '/'],
      ['GET /?_data (dashboard 10 s poll)', '/?_data=routes%2F_app._index'],
      ['GET /requests (Requests page)', '/requests'],
      ['GET /api/requests (first 100)', '/api/requests'],
      ['GET /api/requests?status=pending', '/api/requests?status=pending'],
      ['GET /api/requests?q=front desk (search)', '/api/requests?status=all&q=front%20desk'],
      ['GET /api/requests?q=zzz (search, no match)', '/api/requests?status=all&q=zzz'],
      [`GET /api/requests page ${deepPages + 1} (keyset)`, `/api/requests?limit=500&cursor=${cursor}`],
      ['GET /api/stats', '/api/stats'],
      ['GET /api/notifications/unread', '/api/notifications/unread'],
    ]
    for (const [name, path] of single) rows[`${name}, 1 connection`] = figure(await measure(server.url + path, cookie, 1))
    for (const [name, path] of single.slice(0, 4).filter((_, i) => i !== 1 && i !== 2)) {
      rows[`${name}, 10 connections`] = figure(await measure(server.url + path, cookie, 10))
    }
    rows[`GET /api/requests?format=csv (all ${(csv.split('\r\n').length - 2).toLocaleString('en-US')} current)`] =
      `${csvSeconds.toFixed(1)} s, ${(csv.length / 1e6).toFixed(1)} MB`
    return rows
  } finally {
    server.stop()
    // The seeded database is a quarter of a gigabyte: not something to leave in /tmp.
    fs.rmSync(path.dirname(server.database), { recursive: true, force: true })
  }
}
