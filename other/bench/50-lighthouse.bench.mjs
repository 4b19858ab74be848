// Lighthouse on a vendor's phone and a runner's (issue 19): the vendor's request page (30 products,
// and the property's three questions on its finalize step, issue 29) and the runner portal (active
// and completed deliveries, issue 27), under Lighthouse's mobile
// defaults (simulated slow 4G, 4x slower CPU), against the production build on the demo data.
// Budgets: first contentful paint <= 1.5 s, performance score 100, first-view transfer <= 80 KB, no
// render-blocking request. It drives Debian's Chromium (CHROME_PATH), downloads nothing, and builds
// nothing: `npm run build` first.
import crypto from 'node:crypto'
import { spawnSync } from 'node:child_process'
import Database from 'better-sqlite3'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServer } from './server.mjs'

export const title = 'Lighthouse, mobile defaults (slow 4G, 4x CPU)'

const BUDGET = { fcpMs: 1500, score: 100, transferKb: 80, renderBlocking: 0, tbtMs: 50 }
// Lighthouse's mobile default slows the CPU 4x; twice that stands for a machine half as fast.
const SLOWER_CPU = 8
const RUNS_AT_8X = 5

const VENDOR_CATALOG = 30

/**
 * The demo data, a property to order from with a catalog of 30 products, and a runner portal link
 * with a token we know, for a runner with active and completed deliveries (the completed section
 * sits below the active cards, where a late-sized card above it would shift it).
 */
function demoPages(database) {
  const seeded = spawnSync('npx', ['tsx', 'prisma/seed.ts'], { env: { ...process.env, DATABASE_URL: `file:${database}` }, stdio: 'ignore' })
  if (seeded.status !== 0) throw new Error('Seeding the demo data failed')
  const db = new Database(database)
  try {
    const property = db.prepare('SELECT id, "organisationId" AS org FROM "Property" WHERE "isActive" = 1 ORDER BY "createdAt" LIMIT 1').get()
    const stocked = () => db.prepare('SELECT count(*) AS n FROM "PropertyProduct" WHERE "propertyId" = ?').get(property.id).n
    const now = new Date().toISOString().replace('Z', '+00:00')
    const link = db.prepare('INSERT INTO "PropertyProduct" (id, "organisationId", "propertyId", "productId", "createdAt") VALUES (?, ?, ?, ?, ?)')
    const unlinked = db
      .prepare('SELECT id FROM "Product" p WHERE p."organisationId" = ? AND NOT EXISTS (SELECT 1 FROM "PropertyProduct" pp WHERE pp."productId" = p.id AND pp."propertyId" = ?)')
      .all(property.org, property.id)
    for (const product of unlinked.slice(0, Math.max(0, VENDOR_CATALOG - stocked()))) link.run(crypto.randomUUID(), property.org, property.id, product.id, now)
    const addProduct = db.prepare('INSERT INTO "Product" (id, "organisationId", name, category, description, price, "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    for (let i = stocked(); i < VENDOR_CATALOG; i++) {
      const id = crypto.randomUUID()
      addProduct.run(id, property.org, `Supply item ${i + 1}`, 'Supplies', 'A pack for the supply room', '$4.00', now, now)
      link.run(crypto.randomUUID(), property.org, property.id, id, now)
    }
    if (stocked() !== VENDOR_CATALOG) throw new Error(`The vendor catalog has ${stocked()} products, not ${VENDOR_CATALOG}`)
    // Three questions the building asks (issue 29): a choice, a date and a line of text.
    const fields = [
      { key: 'floor', type: 'select', required: true, labels: { en: 'Floor', uk: 'Поверх' }, options: [1, 2, 3, 4].map((n) => ({ value: `f${n}`, labels: { en: `Floor ${n}` } })) },
      { key: 'delivery_day', type: 'date', required: true, labels: { en: 'Delivery day' } },
      { key: 'room', type: 'text', required: false, labels: { en: 'Room or cost centre' } },
    ]
    db.prepare('INSERT OR REPLACE INTO "PropertyRequestFields" ("propertyId", "organisationId", fields, "updatedAt") VALUES (?, ?, ?, ?)').run(property.id, property.org, JSON.stringify(fields), now)

    // Every seeded delivery to one runner: assigned and in transit ones, and delivered ones.
    const runner = db.prepare('SELECT id FROM "Runner" WHERE "organisationId" = ? ORDER BY name LIMIT 1').get(property.org)
    db.prepare('UPDATE "RunnerAssignment" SET "runnerId" = ? WHERE "organisationId" = ?').run(runner.id, property.org)
    const kinds = db
      .prepare(`SELECT sum(status NOT IN ('delivered', 'cancelled')) AS active, sum(status = 'delivered') AS completed FROM "RunnerAssignment" WHERE "runnerId" = ?`)
      .get(runner.id)
    if (!kinds.active || !kinds.completed) throw new Error('The runner portal needs active and completed deliveries')
    const token = crypto.randomBytes(32).toString('base64url')
    db.prepare('UPDATE "Runner" SET "tokenHash" = ? WHERE id = ?').run(crypto.createHash('sha256').update(token).digest('hex'), runner.id)
    return [
      { name: 'vendor catalog', path: `/vendor/${property.id}/request?lang=en` },
      { name: 'vendor finalize, 3 questions', path: `/vendor/${property.id}/request?lang=en&step=finalize` },
      { name: 'runner portal', path: `/runner/${runner.id}/${token}` },
    ]
  } finally {
    db.close()
  }
}

function renderBlocking(lhr) {
  const audit = lhr.audits['render-blocking-resources'] ?? lhr.audits['render-blocking-insight']
  return audit?.details?.items?.length ?? 0
}

function row(page, metric, figure, unit, budget, pass) {
  return { name: `${page}: ${metric}`, figure, unit, budget, pass }
}

export async function run() {
  // LIGHTHOUSE_PORT: another port when 3950 is taken (a shared machine).
  const server = await startServer({ port: Number(process.env.LIGHTHOUSE_PORT ?? 3950) })
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', // run.mjs checks it is there
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  })
  try {
    const rows = []
    const pages = demoPages(server.database)
    for (const page of pages) {
      // A fresh Chromium sometimes loses the first trace (NO_NAVSTART): such a run measured nothing, so run again.
      let lhr
      for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
        ;({ lhr } = await lighthouse(`${server.url}${page.path}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' }))
      }
      if (process.env.LIGHTHOUSE_DEBUG) {
        const m = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN)
        console.error(page.name, lhr.runtimeError ?? '', lhr.runWarnings, { lcp: m('largest-contentful-paint'), si: m('speed-index'), tbt: m('total-blocking-time'), cls: lhr.audits['cumulative-layout-shift']?.numericValue })
        console.error('  long tasks', JSON.stringify(lhr.audits['long-tasks']?.details?.items ?? []))
        console.error('  main thread', JSON.stringify((lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration)])))
        console.error('  scores', JSON.stringify(Object.fromEntries(lhr.categories.performance.auditRefs.filter((r) => r.weight).map((r) => [r.id, lhr.audits[r.id].score]))))
      }
      const fcp = lhr.audits['first-contentful-paint'].numericValue
      const score = Math.round(lhr.categories.performance.score * 100)
      const transferKb = lhr.audits['total-byte-weight'].numericValue / 1024
      const blocking = renderBlocking(lhr)
      const tbt = lhr.audits['total-blocking-time'].numericValue
      rows.push(
        row(page.name, 'first contentful paint', Math.round(fcp), 'ms', BUDGET.fcpMs, fcp <= BUDGET.fcpMs),
        row(page.name, 'performance score', score, 'points', BUDGET.score, score >= BUDGET.score),
        row(page.name, 'total blocking time', Math.round(tbt), 'ms', BUDGET.tbtMs, tbt <= BUDGET.tbtMs),
        row(page.name, 'first-view transfer', Number(transferKb.toFixed(1)), 'KB', BUDGET.transferKb, transferKb <= BUDGET.transferKb),
        row(page.name, 'render-blocking requests', blocking, 'requests', BUDGET.renderBlocking, blocking <= BUDGET.renderBlocking),
      )
    }
    // Issue 36, item 5: a phone on a machine half as fast as this one: the CPU slowed 8x, not 4x. A
    // run's blocking time on this machine moves by a hundred milliseconds from one run to the next
    // (the same page read 70 and 316): the median of five runs is the figure.
    for (const page of pages) {
      const runs = []
      for (let run = 0; run < RUNS_AT_8X; run++) {
        let lhr
        for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
          ;({ lhr } = await lighthouse(`${server.url}${page.path}`, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json', throttling: { cpuSlowdownMultiplier: SLOWER_CPU } }))
        }
        runs.push({ tbt: lhr.audits['total-blocking-time'].numericValue, score: Math.round(lhr.categories.performance.score * 100) })
      }
      const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
      const tbt = median(runs.map((r) => r.tbt))
      const score = median(runs.map((r) => r.score))
      const each = (key) => runs.map((r) => Math.round(r[key])).join(', ')
      rows.push(
        row(page.name, `total blocking time, CPU ${SLOWER_CPU}x slower, median of ${RUNS_AT_8X} (${each('tbt')})`, Math.round(tbt), 'ms', BUDGET.tbtMs, tbt <= BUDGET.tbtMs),
        row(page.name, `performance score, CPU ${SLOWER_CPU}x slower, median of ${RUNS_AT_8X} (${each('score')})`, score, 'points', BUDGET.score, score >= BUDGET.score),
      )
    }
    return rows
  } finally {
    await chrome.kill()
    server.stop()
  }
}

// `node other/bench/50-lighthouse.bench.mjs` prints the rows on their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name.padEnd(44)} ${String(r.figure).padStart(7)} ${r.unit.padEnd(8)} budget ${r.budget}  ${r.pass ? 'ok' : 'OVER'}`)
}
