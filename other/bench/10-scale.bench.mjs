// Issue 13's budgets at scale (see other/bench/scale-seed.mjs for the data): the vendor page
// against the same bytes from bare node:http in the same run, vendor submissions with limits off,
// every manager screen and search with one manager waiting, the slow single actions (assigning,
// PDFs), and the server's memory at the end. Throughput is judged as a ratio to a reference
// measured minutes apart on the same machine, so a noisy neighbour moves both.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import autocannon from 'autocannon'
import { renderReference } from './render-reference.mjs'
import { MANAGER_EMAIL, VENDOR_PRODUCTS, scaleDatabase } from './scale-seed.mjs'
import { startServer } from './server.mjs'
import { signIn } from './sign-in.mjs'

export const title = 'Scale: 100,000 requests, the vendor page and every manager screen'

const PORT = 3913
const FLOOR_PORT = 3914
// Its own port: the spread shape's server may still be closing.
const CAMPUS_PORT = 3915
const CONNECTIONS = 20
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
/** Issue 27: a p95 over at least 50 samples, so one slow request is not the whole verdict. */
const SAMPLES = 50

const row = (name, figure, unit, budget, pass, ratio) => {
  // Progress as it goes: the whole scenario list takes minutes on a busy machine.
  console.error(`  … ${name}: ${figure} ${unit}`)
  return { name, figure, unit, budget, ...(ratio === undefined ? {} : { ratio }), pass }
}
const round = (n, digits = 1) => Number(n.toFixed(digits))

/** The same bytes from a bare node:http server in a process of its own: what the machine can do. */
async function startFloor(file) {
  const source = `
    const http = require('node:http'); const fs = require('node:fs')
    const body = fs.readFileSync(${JSON.stringify(file)})
    http.createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length }); res.end(body) })
      .listen(${FLOOR_PORT}, '127.0.0.1', () => console.log('up'))`
  const child = spawn('node', ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise((resolve) => child.stdout.once('data', resolve))
  return { url: `http://127.0.0.1:${FLOOR_PORT}/`, stop: () => child.kill() }
}

function load(options) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options })
}

/** One manager clicking: sequential requests on one keep-alive connection, p95 of `count`. */
async function oneClient(urlOrEach, cookie, count = SAMPLES) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const times = []
  for (let i = 0; i < count + 2; i++) {
    const url = typeof urlOrEach === 'function' ? urlOrEach(i) : urlOrEach
    const started = performance.now()
    const status = await new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { Cookie: cookie } }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode))
        })
        .on('error', reject)
    })
    if (status !== 200) throw new Error(`${url}: ${status}`)
    // The first few warm the route's code and the page cache.
    if (i >= 2) times.push(performance.now() - started)
  }
  agent.destroy()
  times.sort((a, b) => a - b)
  return times[Math.ceil(times.length * 0.95) - 1]
}

async function timed(work) {
  const started = performance.now()
  await work()
  return performance.now() - started
}

async function ok(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${(await res.text()).slice(0, 200)}`)
  return res
}

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'))
  const database = path.join(dir, 'scale.db')
  const facts = scaleDatabase(database)
  const rows = []
  if (facts.seedSeconds) rows.push(row('seed the scale database (cached afterwards)', round(facts.seedSeconds), 's', null, null))
  const server = await startServer({ port: PORT, database, direct: true, env: { RATE_LIMIT_DISABLED: 'true' } })
  const Database = createRequire(import.meta.url)('better-sqlite3')
  try {
    // ---- the vendor page, against the floor of its own bytes ----
    // Issue 36, item 4: return visits, first visits and the busy server at 0.6 of the floor or more, so
    // that a noisy run on another machine still reads above 0.5.
    const DOOR_BUDGET = 0.6
    const pageUrl = `${server.url}/vendor/${facts.vendorPropertyId}/request?lang=en`
    const first = await ok(await fetch(pageUrl))
    // A phone that scanned once carries its visit cookie; the page then only reads.
    const visit = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const html = await first.text()
    const shown = (html.match(/id="product-/g) ?? []).length
    const bytesFile = path.join(dir, 'vendor-page.html')
    fs.writeFileSync(bytesFile, html)
    const floor = await startFloor(bytesFile)
    const floorRun = await load({ url: floor.url })
    floor.stop()
    const page = await load({ url: pageUrl, headers: { Cookie: visit } })
    if (page.non2xx + page.errors) throw new Error(`vendor page: ${page.non2xx + page.errors} failed responses`)
    const ratio = page.requests.average / floorRun.requests.average
    rows.push(row(`bare node:http, same ${(html.length / 1024).toFixed(0)} KB (floor), ${CONNECTIONS} connections`, round(floorRun.requests.average, 0), 'req/s', null, null))
    rows.push(
      row(
        `vendor page, ${shown || VENDOR_PRODUCTS} products, ${CONNECTIONS} connections`,
        round(page.requests.average, 0),
        'req/s',
        '≥ 0.6 × floor',
        ratio >= DOOR_BUDGET,
        round(ratio, 3),
      ),
    )
    rows.push(row('vendor page p99', page.latency.p99, 'ms', '≤ 50 ms', page.latency.p99 <= 50))

    // Issue 27, item 1: a crowd at the door is all first visits, no cookie at all (each counts a scan).
    const firstVisits = await load({ url: pageUrl })
    if (firstVisits.non2xx + firstVisits.errors) throw new Error(`first visits: ${firstVisits.non2xx + firstVisits.errors} failed responses`)
    const firstRatio = firstVisits.requests.average / floorRun.requests.average
    rows.push(row(`vendor page, first visits (no cookies), ${CONNECTIONS} connections`, round(firstVisits.requests.average, 0), 'req/s', '≥ 0.6 × floor', firstRatio >= DOOR_BUDGET, round(firstRatio, 3)))
    rows.push(row('vendor page, first visits p99', firstVisits.latency.p99, 'ms', '≤ 50 ms', firstVisits.latency.p99 <= 50))

    // Item 2: return visits while another organisation's vendors submit 20 requests a second.
    const elsewhere = JSON.stringify({ propertyId: facts.otherVendor.propertyId, vendorName: 'Other Building', requestedProducts: [{ productId: facts.otherVendor.productId, quantity: 1 }] })
    const submitted = { ok: 0, failed: 0 }
    const submitter = setInterval(() => {
      fetch(`${server.url}/api/vendor/requests`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: elsewhere }).then(
        (res) => (res.status === 201 ? submitted.ok++ : submitted.failed++),
        () => submitted.failed++,
      )
    }, 50)
    const busy = await load({ url: pageUrl, headers: { Cookie: visit } })
    clearInterval(submitter)
    if (busy.non2xx + busy.errors) throw new Error(`return visits meanwhile: ${busy.non2xx + busy.errors} failed responses`)
    const busyRatio = busy.requests.average / floorRun.requests.average
    rows.push(
      row(
        `vendor page, return visits while another organisation submits ${round(submitted.ok / SECONDS, 0)}/s (${submitted.failed} failed)`,
        round(busy.requests.average, 0),
        'req/s',
        '≥ 0.6 × floor',
        busyRatio >= DOOR_BUDGET && submitted.failed === 0 && submitted.ok >= 15 * SECONDS,
        round(busyRatio, 3),
      ),
    )
    // The second reference: React alone rendering the same route component with the same data, in the
    // bench's own process (no HTTP, no database). Shown as the served page's rate over it; not judged.
    const bare = await renderReference({ pageUrl, cookie: visit, seconds: SECONDS })
    rows.push(
      row(
        `bare renderToString of the request page component, same data (${(bare.bytes / 1024).toFixed(0)} KB), one thread`,
        round(bare.perSecond, 0),
        'renders/s',
        null,
        null,
        round(page.requests.average / bare.perSecond, 2),
      ),
    )

    // ---- vendor submissions, limits off ----
    const db = new Database(database, { readonly: true })
    const orgOf = db.prepare('SELECT organisationId FROM Property WHERE id = ?').pluck().get(facts.vendorPropertyId)
    const orders = db.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT orderNumber) AS distinctN FROM ProductRequest WHERE organisationId = ?')
    const before = orders.get(orgOf)
    const submit = await load({
      url: `${server.url}/api/vendor/requests`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ propertyId: facts.vendorPropertyId, vendorName: 'Bench Vendor', requestedProducts: [{ productId: facts.vendorProductIds[0], quantity: 1 }] }),
      duration: 5,
    })
    const after = orders.get(orgOf)
    const failed = submit.non2xx + submit.errors + submit.timeouts
    const made = after.n - before.n
    const unique = after.n === after.distinctN
    rows.push(row(`vendor submit, ${CONNECTIONS} connections, limits off`, round(submit.requests.average, 0), 'req/s', '≥ 1,000 req/s', submit.requests.average >= 1000 && failed === 0 && unique))
    rows.push(row(`vendor submit: failed responses; ${made} orders, ${unique ? 'all' : 'NOT all'} numbers unique`, failed, 'count', '0', failed === 0 && unique))
    // Submissions' reference in the same run: the cheapest route the app has (Remix + one SELECT 1).
    const health = await load({ url: `${server.url}/healthcheck`, duration: 5 })
    rows.push(row(`reference: GET /healthcheck (Remix + SELECT 1), ${CONNECTIONS} connections`, round(health.requests.average, 0), 'req/s', null, null, round(submit.requests.average / health.requests.average, 2)))

    // ---- one manager, every screen and API list (the spread shape; the campus shape below) ----
    const cookie = await signIn(server.url, MANAGER_EMAIL)
    rows.push(...(await managerScreens(server.url, cookie, facts, 'spread')))

    // ---- the slow single actions ----
    const pending = db
      .prepare(
        "SELECT r.id FROM ProductRequest r WHERE r.organisationId = ? AND r.status = 'pending' AND NOT EXISTS (SELECT 1 FROM RunnerAssignment a WHERE a.requestId = r.id) ORDER BY r.createdAt LIMIT 50",
      )
      .pluck()
      .all(orgOf)
    const runnerId = db.prepare('SELECT id FROM Runner WHERE organisationId = ? AND isActive = 1 LIMIT 1').pluck().get(orgOf)
    const headers = { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.url }
    const assigned = []
    const assignMs = await timed(async () => {
      for (const requestId of pending) {
        const res = await ok(await fetch(`${server.url}/api/dispatch/assign`, { method: 'POST', headers, body: JSON.stringify({ requestId, runnerId }) }))
        assigned.push((await res.json()).id)
      }
    })
    rows.push(row(`assign ${pending.length} pending orders, one after another`, round(assignMs, 0), 'ms', '≤ 300 ms', assignMs <= 300))
    // Issue 30: a run of 20 stops (pending orders at 20 properties) for one runner, planned and assigned at once.
    const runStops = db
      .prepare(
        "SELECT r.id FROM ProductRequest r WHERE r.organisationId = ? AND r.status = 'pending' AND NOT EXISTS (SELECT 1 FROM RunnerAssignment a WHERE a.requestId = r.id) AND r.id NOT IN (SELECT value FROM json_each(?)) GROUP BY r.propertyId LIMIT 20",
      )
      .pluck()
      .all(orgOf, JSON.stringify(pending))
    let runId = ''
    const runMs = await timed(async () => {
      const res = await ok(await fetch(`${server.url}/api/dispatch/runs`, { method: 'POST', headers, body: JSON.stringify({ runnerId, requestIds: runStops }) }))
      const { run } = await res.json()
      if (run.stops.length !== runStops.length) throw new Error(`a run of ${runStops.length} stops came back with ${run.stops.length}`)
      runId = run.id
    })
    rows.push(row(`make a run of ${runStops.length} stops (POST /api/dispatch/runs)`, round(runMs, 0), 'ms', '≤ 300 ms', runMs <= 300 && runStops.length === 20))
    rows.push(...(await vanStock(server.url, cookie, db, { orgId: orgOf, runId, held: assigned, database })))
    const pdfTimes = async (url) => {
      const cold = await timed(async () => (await ok(await fetch(url, { headers: { Cookie: cookie } }))).arrayBuffer())
      const warm = []
      for (let i = 0; i < 5; i++) warm.push(await timed(async () => (await ok(await fetch(url, { headers: { Cookie: cookie } }))).arrayBuffer()))
      return { cold, worst: Math.max(...warm) }
    }
    const invoice = await pdfTimes(`${server.url}/api/invoices/${facts.bigInvoice}/pdf`)
    rows.push(row('200-line invoice PDF (worst of 5 after the first)', round(invoice.worst, 0), 'ms', '≤ 300 ms', invoice.worst <= 300))
    rows.push(row('200-line invoice PDF, first after start (loads the PDF library)', round(invoice.cold, 0), 'ms', null, null))
    const requestPdf = await pdfTimes(`${server.url}/api/requests/${facts.requestId}/pdf`)
    rows.push(row('request PDF (worst of 5 after the first)', round(requestPdf.worst, 0), 'ms', '≤ 300 ms', requestPdf.worst <= 300))
    db.close()

    const rss = server.rssMb()
    rows.push(row('server memory after the bench (RSS)', round(rss, 0), 'MB', '≤ 250 MB', rss <= 250))
  } finally {
    server.stop()
    // The scale database is a third of a gigabyte: the cached copy under bench/ is enough.
    fs.rmSync(dir, { recursive: true, force: true })
  }
  rows.push(...(await campusShape()))
  return rows
}

/**
 * Issue 37: a run's pick list (p95 of one client), and what a delivery's stock work adds to marking it
 * delivered: the same PATCH on orders that hold stock (assigned above, 1 to 3 lines each) and on the
 * seed's assigned orders from before there was stock (no hold), both set off first, then delivered in
 * turns so noise hits both.
 * The pick list reads the run's holds and the depot's rows, never the movements ledger.
 */
export async function vanStock(base, cookie, db, { orgId, runId, held, database }) {
  const rows = []
  const p95 = await oneClient(`${base}/api/dispatch/runs/${runId}/pick-list`, cookie)
  rows.push(row('GET /api/dispatch/runs/:id/pick-list, a run of 20 stops, 2,000 products, one client, p95', round(p95), 'ms', '≤ 50 ms', p95 <= 50))
  const headers = { Cookie: cookie, 'Content-Type': 'application/json', Origin: base }
  const patch = async (id, status) => ok(await fetch(`${base}/api/dispatch/assign/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ status }) }))
  const n = Math.min(20, held.length)
  const unheldAll = db
    .prepare("SELECT a.id FROM RunnerAssignment a WHERE a.organisationId = ? AND a.status = 'assigned' AND NOT EXISTS (SELECT 1 FROM StockReservation h WHERE h.assignmentId = a.id) LIMIT ?")
    .pluck()
    .all(orgId, 2 * n + 1)
  if (unheldAll.length < 2 * n + 1) throw new Error(`only ${unheldAll.length} assignments from before stock to deliver`)
  const unheld = unheldAll.slice(0, n)
  for (const id of [...held.slice(0, n), ...unheld]) await patch(id, 'in_transit')
  const withHold = []
  const without = []
  for (let i = 0; i < n; i++) {
    withHold.push(await timed(() => patch(held[i], 'delivered')))
    without.push(await timed(() => patch(unheld[i], 'delivered')))
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
  const extra = median(withHold) - median(without)
  rows.push(row(`PATCH delivered, median of ${n}: an order holding stock (1–3 lines)`, round(median(withHold)), 'ms', null, null))
  rows.push(row(`PATCH delivered, median of ${n}: an order from before stock (no hold)`, round(median(without)), 'ms', null, null))
  rows.push(row("PATCH delivered: what holding stock adds (the medians' difference, with all else that differs)", round(extra, 2), 'ms', null, null))
  // The ledger's own work, in the app's code on this database (other/bench/deliver-stock.ts), on the
  // held orders the PATCHes above did not deliver and as many from before stock.
  // Beside the build, where node finds the app's packages.
  const script = path.resolve('build/bench/deliver-stock.mjs')
  execFileSync('npx', ['esbuild', 'other/bench/deliver-stock.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', `--outfile=${script}`, '--log-level=warning'])
  const measured = JSON.parse(
    execFileSync('node', [script], {
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: 'bench', MOCKS: 'true', DATABASE_URL: `file:${database}`, BENCH_ORG_ID: orgId, BENCH_HELD: JSON.stringify(held.slice(n)), BENCH_UNHELD: JSON.stringify(unheldAll.slice(n)) },
      encoding: 'utf8',
    }).trim().split('\n').pop(),
  )
  const work = measured.withHold - measured.without
  rows.push(row(`a delivery's extra stock work: deliverReservedIn's transaction, 1–3 lines, median of ${measured.n} (${round(measured.withHold, 2)} ms) less one with no hold (${round(measured.without, 2)} ms)`, round(work, 2), 'ms', '≤ 2 ms', work <= 2))
  return rows
}

/**
 * Every manager screen and API list a manager or an integration reads, p95 of one client each, and
 * the two searches (with their count: the list's first page carries it). Paths that name a property
 * or runner use the busiest ones, where a campus keeps all its history.
 */
async function managerScreens(base, cookie, facts, shape, { searches = true } = {}) {
  const property = facts.busiestPropertyId
  // Not here: /reports and its API (15-reports.bench.mjs has their budgets) and the runner's own
  // routes (a runner's token, not a manager's session).
  const paths = [
    '/', '/requests', '/requests?status=all', '/dispatch', '/map', '/billing', '/products', '/properties', '/vendors',
    '/qr-codes', '/notifications', '/team', '/settings',
    '/api/requests', '/api/requests?status=all', '/api/dispatch/queue', '/api/dispatch/assignments', '/api/stats',
    '/api/notifications', '/api/notifications/unread', '/api/invoices', '/api/products', '/api/properties',
    `/api/properties/${property}/products`, `/api/properties/${property}/reorder-suggestions`, '/api/runners/active',
    '/api/audit-log', '/api/standing-orders', '/api/members', '/api/invitations', '/api/recipients', '/api/categories',
  ]
  const rows = []
  for (const p of paths) {
    const p95 = await oneClient(base + p, cookie)
    rows.push(row(`${shape}: GET ${p.replace(property, ':busiest')}, one client, p95`, round(p95), 'ms', '≤ 50 ms', p95 <= 50))
  }
  if (!searches) return rows
  for (const [name, q] of [['no match', 'zzqxw'], ['a product name', 'Supply item 1234']]) {
    for (const screen of ['/api/requests', '/requests']) {
      const p95 = await oneClient(`${base}${screen}?status=all&q=${encodeURIComponent(q)}`, cookie)
      rows.push(row(`${shape}: search ${screen}, ${name}, one client, p95`, round(p95), 'ms', '≤ 30 ms', p95 <= 30))
    }
  }
  // Issue 36, item 2: a search's cost must not depend on how many requests match. Every product is
  // "Supply item N" (N up to 2,000), so "Supply item" is in every request, "Supply item 1" in 56%
  // (N from 1,000 to 1,999 and its few shorter ones), "Supply item 1999" in 0.1%. Each GET writes
  // the term in other capitals (the search ignores case), so a searched page kept for its exact
  // term is no help, while the rest of the page's answers stay as warm as on any repeated view.
  for (const [name, q] of [['almost none (0.1%)', 'Supply item 1999'], ['about half (56%)', 'Supply item 1'], ['almost all (100%)', 'Supply item']]) {
    for (const screen of ['/api/requests', '/requests']) {
      const p95 = await oneClient((i) => `${base}${screen}?status=all&q=${encodeURIComponent(inCapitals(q, i))}`, cookie)
      rows.push(row(`${shape}: search ${screen}, matching ${name}, a new term each time, one client, p95`, round(p95), 'ms', '≤ 30 ms', p95 <= 30))
    }
  }
  return rows
}

/** The term with its letters in capitals where the bits of `n` say: a different term that finds the same requests. */
function inCapitals(term, n) {
  let bit = 0
  return [...term].map((c) => (/[a-z]/i.test(c) ? ((n >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()) : c)).join('')
}

/** Issue 27, item 3: the same 100,000 requests all at one property, on a server of its own. */
async function campusShape() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-campus-'))
  const database = path.join(dir, 'campus.db')
  const facts = scaleDatabase(database, 'campus')
  const rows = []
  if (facts.seedSeconds) rows.push(row('seed the campus database (cached afterwards)', round(facts.seedSeconds), 's', null, null))
  const server = await startServer({ port: CAMPUS_PORT, database, direct: true, env: { RATE_LIMIT_DISABLED: 'true' } })
  try {
    const cookie = await signIn(server.url, MANAGER_EMAIL)
    rows.push(...(await managerScreens(server.url, cookie, facts, 'campus')))
    // Issue 36, item 3: every list again right after the campus's own crowd: first visits at its
    // door (each a scan notification) and thousands of its vendors' requests, just written.
    const crowd = await campusCrowd(server.url, facts)
    rows.push(row(`campus crowd: ${crowd.visits} first visits and ${crowd.requests} requests just written`, crowd.visits + crowd.requests, 'count', null, null))
    rows.push(...(await managerScreens(server.url, cookie, facts, 'campus, right after its crowd', { searches: false })))
  } finally {
    server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return rows
}

/** First visits to the campus's vendor page, then its vendors submitting, each for the bench's seconds. */
async function campusCrowd(base, facts) {
  const visits = await load({ url: `${base}/vendor/${facts.vendorPropertyId}/request?lang=en` })
  const submit = await load({
    url: `${base}/api/vendor/requests`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ propertyId: facts.vendorPropertyId, vendorName: 'Campus Vendor', requestedProducts: [{ productId: facts.vendorProductIds[0], quantity: 1 }] }),
  })
  const failed = visits.non2xx + visits.errors + submit.non2xx + submit.errors
  if (failed) throw new Error(`campus crowd: ${failed} failed responses`)
  return { visits: visits.requests.total, requests: submit.requests.total }
}
