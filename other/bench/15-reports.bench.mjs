// Stock intelligence at scale (issue 15): the 100,000-request organisation of the scale database
// (scale-seed.mjs, shared with 10-scale), with every completed or archived request delivered by a
// runner and invoiced, then the server time of a year's consumption report (budget 300 ms), its CSV,
// the /reports page, reorder suggestions and the dashboard.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { MANAGER_EMAIL, scaleDatabase } from './scale-seed.mjs'
import { startServer } from './server.mjs'
import { signIn } from './sign-in.mjs'

export const title = 'Reports and reorder suggestions: 100,000 requests over 500 properties'

const EMAIL = MANAGER_EMAIL
const RUNS = 15
/** Stocked at every property, as a busy portfolio would have them (the first this many products by name). */
const STOCKED_PRODUCTS = 60

export function deliverAndInvoice(file, email) {
  const Database = createRequire(import.meta.url)('better-sqlite3')
  const db = new Database(file)
  db.pragma('synchronous = OFF')
  const { organisationId: org } = db.prepare('SELECT m.organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?').get(email)
  const runner = crypto.randomUUID()
  const invoice = crypto.randomUUID()
  const now = new Date().toISOString().replace('Z', '+00:00')
  db.transaction(() => {
    db.prepare("INSERT INTO Runner (id, organisationId, name, phone, tokenHash, createdAt) VALUES (?, ?, 'Bench Runner', '+15550100', ?, ?)").run(runner, org, runner, now)
    // Delivered 2 to 30 hours after the request, so medians differ per property.
    db.prepare(`INSERT INTO RunnerAssignment (id, organisationId, requestId, runnerId, status, assignedAt, deliveredAt, updatedAt)
      SELECT lower(hex(randomblob(16))), organisationId, id, ?, 'delivered', createdAt,
             strftime('%Y-%m-%dT%H:%M:%S.000+00:00', createdAt, '+' || (2 + abs(random()) % 28) || ' hours'), createdAt
      FROM ProductRequest r WHERE organisationId = ? AND status IN ('completed', 'archived')
        AND NOT EXISTS (SELECT 1 FROM RunnerAssignment a WHERE a.requestId = r.id AND a.status = 'delivered')`).run(runner, org)
    db.prepare(`INSERT INTO Invoice (id, organisationId, invoiceNumber, recipientName, recipientEmail, subtotalCents, totalAmountCents, createdAt, updatedAt)
      VALUES (?, ?, 'INV-BENCH-1', 'Bench', 'bench@x.test', 0, 0, ?, ?)`).run(invoice, org, now, now)
    db.prepare(`INSERT INTO InvoiceItem (id, organisationId, invoiceId, requestId, productId, description, quantity, unitPriceCents, totalPriceCents, createdAt)
      SELECT lower(hex(randomblob(16))), i.organisationId, ?, i.requestId, i.productId, i.productName, i.quantity, 1999, 1999 * i.quantity, ?
      FROM RequestItem i JOIN ProductRequest r ON r.id = i.requestId WHERE r.organisationId = ? AND r.status IN ('completed', 'archived')`).run(invoice, now, org)
    db.prepare('UPDATE PropertyProduct SET parLevel = 10 WHERE organisationId = ?').run(org)
  })()
  // Every product at every property, as a busy portfolio would have them.
  db.prepare(`INSERT OR IGNORE INTO PropertyProduct (id, organisationId, propertyId, productId, parLevel, createdAt)
    SELECT lower(hex(randomblob(16))), p.organisationId, p.id, pr.id, 10, ? FROM Property p
    JOIN (SELECT id, organisationId FROM Product WHERE organisationId = ? ORDER BY name LIMIT ?) pr ON pr.organisationId = p.organisationId
    WHERE p.organisationId = ?`).run(now, org, STOCKED_PRODUCTS, org)
  const property = db.prepare('SELECT id FROM Property WHERE organisationId = ? AND isActive = 1 LIMIT 1').get(org).id
  db.close()
  return property
}

/** A GET on a connection of its own (the seed blocks long enough for the server to drop idle sockets). */
function get(url, cookie) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { Cookie: cookie } }, (res) => {
        let bytes = 0
        res.on('data', (c) => (bytes += c.length))
        res.on('end', () => resolve({ status: res.statusCode, bytes }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

async function timed(url, cookie) {
  const times = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const res = await get(url, cookie)
    times.push(performance.now() - started)
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  }
  times.sort((a, b) => a - b)
  return { p50: times[Math.floor(RUNS / 2)], max: times.at(-1) }
}

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'))
  const database = path.join(dir, 'scale.db')
  scaleDatabase(database)
  // Before the server opens the file: the seed writes outside any server transaction.
  const property = deliverAndInvoice(database, EMAIL)
  const server = await startServer({ port: 3915, database, direct: true })
  try {
    const cookie = await signIn(server.url, EMAIL)
    const today = new Date().toISOString().slice(0, 10)
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)
    const year = `from=${yearAgo}&to=${today}`
    const cases = [
      ['GET /api/reports/consumption (a year, whole organisation)', `/api/reports/consumption?${year}`, 300],
      ['GET /api/reports/consumption (a year, one property)', `/api/reports/consumption?${year}&propertyId=${property}`, 300],
      ['GET /api/reports/consumption?format=csv (a year)', `/api/reports/consumption?${year}&format=csv`, 300],
      ['GET /reports (page: report and four charts)', `/reports?${year}`, 1000],
      ['GET /api/properties/:id/reorder-suggestions', `/api/properties/${property}/reorder-suggestions`, 100],
      ['GET / (dashboard, with properties running out)', '/', 500],
    ]
    const rows = []
    for (const [name, url, budget] of cases) {
      const t = await timed(server.url + url, cookie)
      rows.push({ name: `${name}, p50 of ${RUNS}`, figure: Math.round(t.p50), unit: 'ms', budget, ratio: Number((t.p50 / budget).toFixed(3)), pass: t.p50 <= budget })
    }
    return rows
  } finally {
    server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
