// Issue 37's budget for a depot's stock: the stock page and GET /api/depots/:id/stock at p95 ≤ 50 ms
// with 2,000 products and 100,000 movements. A fresh organisation (its first depot made at sign-up)
// is given the products, a bin and reorder point for each, and the ledger written straight into the
// database, each product's kept total equal to the sum of its movements, as the ledger keeps it. A
// file of its own: the scale fixture (10-scale) takes minutes to build and holds no stock.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import { createRequire } from 'node:module'
import { startServer } from './server.mjs'
import { signIn } from './sign-in.mjs'

export const title = 'Depot stock: 2,000 products and 100,000 movements'

const PORT = 3916
const EMAIL = 'depot-bench@x.test'
const PRODUCTS = 2_000
const MOVEMENTS = 100_000
const SAMPLES = 50
const BUDGET_MS = 50

function seed(file) {
  const db = new (createRequire(import.meta.url)('better-sqlite3'))(file)
  const { organisationId: org } = db.prepare('SELECT m.organisationId FROM Membership m JOIN User u ON u.id = m.userId WHERE u.email = ?').get(EMAIL)
  const { id: depot } = db.prepare('SELECT id FROM Depot WHERE organisationId = ? ORDER BY createdAt LIMIT 1').get(org)
  const at = (ms) => new Date(ms).toISOString().replace('Z', '+00:00')
  const now = Date.now()
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({ id: crypto.randomUUID(), name: `Product ${String(i).padStart(4, '0')}`, onHand: 0 }))
  const addProduct = db.prepare('INSERT INTO Product (id, organisationId, name, category, isActive, unitCost, createdAt, updatedAt) VALUES (?, ?, ?, ?, 1, ?, ?, ?)')
  const addMovement = db.prepare('INSERT INTO StockMovement (id, organisationId, depotId, productId, quantity, reason, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const addStock = db.prepare('INSERT INTO DepotStock (id, organisationId, depotId, productId, onHand, reserved, reorderPoint, reorderQuantity, bin, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
  db.transaction(() => {
    for (const p of products) addProduct.run(p.id, org, p.name, 'Bench', 1.5, at(now), at(now))
    for (let i = 0; i < MOVEMENTS; i++) {
      const p = products[i % PRODUCTS]
      const quantity = i < PRODUCTS * 2 ? 40 : -1
      p.onHand += quantity
      addMovement.run(crypto.randomUUID(), org, depot, p.id, quantity, quantity > 0 ? 'receive' : 'deliver', at(now - (MOVEMENTS - i) * 60_000))
    }
    products.forEach((p, i) => addStock.run(crypto.randomUUID(), org, depot, p.id, p.onHand, i % 7, 10, 40, `${String.fromCharCode(65 + (i % 20))}-${String(i % 97).padStart(2, '0')}`, at(now)))
  })()
  db.close()
  return depot
}

/** One manager clicking: sequential GETs on one keep-alive connection, p95 of SAMPLES after two to warm. */
async function p95(url, cookie) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const times = []
  let bytes = 0
  for (let i = 0; i < SAMPLES + 2; i++) {
    const started = performance.now()
    const status = await new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { Cookie: cookie } }, (res) => {
          bytes = 0
          res.on('data', (c) => (bytes += c.length))
          res.on('end', () => resolve(res.statusCode))
        })
        .on('error', reject)
    })
    if (status !== 200) throw new Error(`${url}: ${status}`)
    if (i >= 2) times.push(performance.now() - started)
  }
  agent.destroy()
  times.sort((a, b) => a - b)
  return { ms: times[Math.ceil(times.length * 0.95) - 1], bytes }
}

export async function run() {
  const server = await startServer({ port: PORT, direct: false })
  try {
    const cookie = await signIn(server.url, EMAIL)
    const depot = seed(server.database)
    const rows = []
    for (const [name, path] of [
      ['GET /api/depots/:id/stock (2,000 products, 100,000 movements), p95', `/api/depots/${depot}/stock`],
      ['GET /depots/:id (stock page, 2,000 products, 100,000 movements), p95', `/depots/${depot}`],
    ]) {
      const { ms, bytes } = await p95(server.url + path, cookie)
      rows.push({ name: `${name} (${Math.round(bytes / 1024)} kB)`, figure: Math.round(ms * 10) / 10, unit: 'ms', budget: `≤ ${BUDGET_MS} ms`, ratio: Number((ms / BUDGET_MS).toFixed(3)), pass: ms <= BUDGET_MS })
    }
    // The products screen (2,000 products, 50 a page) in the same run: on a machine busy beside us
    // both slow alike, and this one met its own 50 ms in the scale bench (31 ms on main's last run).
    const reference = await p95(`${server.url}/products`, cookie)
    rows.push({ name: `GET /products (the same 2,000 products, for reference), p95 (${Math.round(reference.bytes / 1024)} kB)`, figure: Math.round(reference.ms * 10) / 10, unit: 'ms', budget: null, pass: null })
    return rows
  } finally {
    server.stop()
    // 50 MB of seeded ledger a run: not left behind.
    fs.rmSync(path.dirname(server.database), { recursive: true, force: true })
  }
}
